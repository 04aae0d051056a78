import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const root = createRoot(document.getElementById('root')!);
// As a transition the first render runs in slices that give the browser back its main thread
// every few milliseconds, instead of one long task that holds off a first tap or keypress
// (docs/architecture.md §2.7).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
