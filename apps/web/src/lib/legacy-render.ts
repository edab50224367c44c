/**
 * Stand-in for rc-util's legacy `React/render` (ReactDOM.render for React 16–18), which antd-mobile
 * uses only until `unstableSetRender` is called. React 19 has no ReactDOM.render, and main.tsx installs
 * a createRoot renderer before anything renders, so the legacy path is never taken; the stand-in
 * keeps its code (and @babel/runtime's regenerator) out of the bundle. Aliased in vite.config.ts.
 */
function notAvailable(): never {
  throw new Error("antd-mobile rendered before unstableSetRender (see src/main.tsx)");
}

export function render(_node: unknown, _container: unknown): void {
  notAvailable();
}

export async function unmount(_container: unknown): Promise<void> {
  notAvailable();
}
