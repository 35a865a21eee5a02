// The shared style sheets first: each feature's own (imported by its root component) come after them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { createQueryClient } from './app/queryClient';
import { adoptTokenFromAddress } from './api/tokens';
import { installAudioUnlock } from './sound/play';

installAudioUnlock();
const linkToken = adoptTokenFromAddress(window.location, window.history);

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// StrictMode runs every effect twice in development, so an effect that is not undone by its cleanup
// (a second EventSource, a second POST) shows at once.
createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <App linkToken={linkToken} />
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
