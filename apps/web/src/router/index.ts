/**
 * The app's routing: where the app is, moving, links. Pages and components use this face only.
 */
import { useCallback } from "react";
import { useNavigationState } from "./AppRouter";
import { back, currentPlace, navigate } from "./place";

export { Link, useSearchParams } from "wouter";
export { AppRouter, useNavigationState } from "./AppRouter";
export { type LazyPage, lazyPage } from "./lazy-page";
export { Navigate } from "./Navigate";
export { currentPlace, navigate, type Place } from "./place";
export { RouteErrorBoundary } from "./RouteErrorBoundary";

/** The function that moves the app to an address (an app path, with its query if any). */
export function useNavigate(): typeof navigate {
  return navigate;
}

/** The app path shown (without the base and the query). */
export function usePathname(): string {
  return useNavigationState().place.pathname;
}

/** The query of the address shown, with its `?` (empty without one). */
export function useSearch(): string {
  return useNavigationState().place.search;
}

/** True while a move's page is on its way. */
export function useNavigationPending(): boolean {
  return useNavigationState().pending;
}

/** Back to the previous page of this app, or to `fallback` when the page was opened directly. */
export function useGoBack(fallback: string): () => void {
  return useCallback(() => {
    if (currentPlace().idx > 0) back();
    else navigate(fallback, { replace: true });
  }, [fallback]);
}
