import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/app.tsx';
import { checkClientState } from './lib/storage.ts';

// The app breaks out of any frame that embeds it (spec 1 'Shell and shared dialogs').
function isFramed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

if (isFramed()) {
  try {
    if (window.top) window.top.location.href = window.self.location.href;
  } catch {
    // A cross-origin parent may refuse the navigation; the server's frame-ancestors 'none'
    // keeps the page from showing inside it anyway.
  }
} else {
  checkClientState();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
