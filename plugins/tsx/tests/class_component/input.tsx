import React, { Component, type ErrorInfo } from 'react';
import { reportError } from '../telemetry';

interface Props {
  fallback: React.ReactNode;
  children?: React.ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches render errors below it and shows a fallback. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
  }

  private reset = (): void => {
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) {
      return (
        <div role="alert">
          {this.props.fallback}
          <button onClick={this.reset}>Try again</button>
        </div>
      );
    }
    return this.props.children;
  }
}

export default ErrorBoundary;
