import { Component, type ReactNode } from "react";

interface Props {
  /** The entry being shown: moving to another one clears the error. */
  at: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  at: string;
}

const NO_ERROR = Symbol("no error");

/** A page that failed to draw (its code could not be downloaded, or it threw) is replaced by `fallback`. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: NO_ERROR, at: this.props.at };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.at === state.at ? null : { error: NO_ERROR, at: props.at };
  }

  override render() {
    return this.state.error === NO_ERROR ? this.props.children : this.props.fallback(this.state.error);
  }
}
