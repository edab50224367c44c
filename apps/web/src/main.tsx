import "./styles/global.css";
import "./styles/layout.css";

/**
 * The shell in index.html, or the screen the build prerendered, is painted before the app's code runs: evaluating React and the router
 * takes long on a slow phone, and doing it before the first frame would hold the shell back. The
 * app's chunks are already downloading (modulepreload links in index.html, written by the build);
 * this waits for the next frame to be painted, then starts them.
 */
function startApp(): void {
  void import("./boot");
}

if (document.visibilityState === "hidden") startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));
