import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';

type Props = { children: ReactNode };
type State = { hasError: boolean };

/**
 * Catches render errors outside the router (providers, the router itself). Errors inside routes are
 * caught first by the router's errorElement, which shows the same screen.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // No error-reporting service yet; the console is where an operator looks first.
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorScreen /> : this.props.children;
  }
}
