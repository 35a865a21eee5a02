import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** The last line of defence: a bug in the UI shows a sentence and a way on, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error('alphachess: the interface failed', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="screen-message" role="alert">
        <h1>Something broke on this page</h1>
        <p>Your game is safe on the server. Reload the page to carry on, or start a new game.</p>
        <div className="actions">
          <button type="button" className="primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a className="button" href="/">
            New game
          </a>
        </div>
      </div>
    );
  }
}
