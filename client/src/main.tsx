// The shared style sheets first: each feature's own (imported by its root component) come after them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { adoptTokenFromAddress } from './api/tokens';
import { installAudioUnlock } from './sound/play';

installAudioUnlock();
const linkToken = adoptTokenFromAddress(window.location, window.history);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <App linkToken={linkToken} />
    </ErrorBoundary>
  </StrictMode>,
);
