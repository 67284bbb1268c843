// The route table (spec 1 section 2, spec 3 section 2.6; every path in paths.ts): the auth group
// under /auth, the app under /app with the dashboard as its home, the operations console under
// /console. Each area keeps its route list in routes/<area>.tsx, its screens behind the menu
// feature they belong to.
// Only the auth group is in the entry chunk. The app's and the console's route tables (a few
// hundred routes' worth of lazy imports and their preload lists) are loaded the first time a
// navigation reaches /app or /console: until then such a path only matches the catch-all below,
// and React Router asks patchRoutesOnNavigation for the routes it is missing (app-area-routes.tsx).
import { createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { LoadingState } from '../components/query-states.tsx';
import { HomeRedirect } from './guards/home-redirect.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { authRoutes } from './routes/auth.tsx';

const ROOT_ROUTE_ID = 'root';
/** The first segments whose routes live in app-area-routes.tsx. */
const LAZY_AREAS = /^\/(?:app|console)(?:\/|$)/;

let appAreas: Promise<RouteObject[]> | undefined;
/** Loaded once; a failed load (lost connection) is tried again at the next navigation. */
function loadAppAreas(): Promise<RouteObject[]> {
  appAreas ??= import('./app-area-routes.tsx').then(
    (module) => module.appAreaRoutes,
    (error: unknown) => {
      appAreas = undefined;
      throw error;
    },
  );
  return appAreas;
}
let patched = false;

export const router = createBrowserRouter(
  [
    {
      id: ROOT_ROUTE_ID,
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      // Shown while the first page's routes load (a first visit straight to /app or /console).
      hydrateFallbackElement: <LoadingState />,
      children: [{ index: true, element: <HomeRedirect /> }, authRoutes, { path: '*', element: <NotFoundPage /> }],
    },
  ],
  {
    async patchRoutesOnNavigation({ path, patch, signal }) {
      if (patched || !LAZY_AREAS.test(path)) return;
      const routes = await loadAppAreas();
      // React Router drops the patch of a navigation another one interrupted while the routes
      // loaded (a second click, a redirect; StrictMode's second effect in a development build):
      // only a patch it kept counts, or every later navigation to /app or /console would find
      // the catch-all's Not Found until a reload.
      if (patched || signal.aborted) return;
      patch(ROOT_ROUTE_ID, routes);
      patched = true;
    },
  },
);
