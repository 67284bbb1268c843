// Page and page size of one list, starting at page 1 with the default size; a new size goes
// back to page 1.
import { useState } from 'react';
import { LIMITS } from '@paywallet/contract';

export function usePagination(perPageDefault: number = LIMITS.perPageDefault) {
  const [state, setState] = useState({ page: 1, perPage: perPageDefault });
  return {
    page: state.page,
    perPage: state.perPage,
    setPage: (page: number) => setState((previous) => ({ ...previous, page })),
    setPerPage: (perPage: number) => setState({ page: 1, perPage }),
  };
}
