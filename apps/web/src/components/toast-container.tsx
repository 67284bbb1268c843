// Mantine's Notifications container on its own, so that toaster.tsx can load it on demand (a
// dynamic import of the package itself would land in the first chunk, which imports the store).
export { Notifications as ToastContainer } from '@mantine/notifications';
