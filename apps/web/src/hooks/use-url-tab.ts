// A screen's tab kept in the URL's `tab` parameter (a reload or a shared link opens the same
// tab), beside the lists' own parameters. `tabOf` reads a value into one of the screen's tabs
// (its default for anything else); choosing a tab replaces the history entry.
import { useSearchParams } from 'react-router-dom';

export function useUrlTab<T extends string>(tabOf: (value: string | null) => T): [T, (value: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const showTab = (value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tabOf(value));
        return next;
      },
      { replace: true },
    );
  return [tabOf(searchParams.get('tab')), showTab];
}
