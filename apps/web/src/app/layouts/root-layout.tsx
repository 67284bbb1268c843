import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingState } from '../../components/query-states.tsx';
import { SessionWatcher } from '../session-watcher.tsx';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
      <SessionWatcher />
    </>
  );
}
