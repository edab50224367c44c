import "./boot-failure.css";

/** Shown when the app could not start (its language file did not load): a wordless reload button. */
export function BootFailure() {
  return (
    <div className="boot">
      <button
        type="button"
        className="boot-retry"
        data-testid="boot-retry"
        aria-label="Retry · 重试"
        onClick={() => window.location.reload()}
      >
        <svg
          width="28"
          height="28"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <polyline points="23 4 23 10 17 10" />
          <path d="M20.49 15a9 9 0 1 1-2.12-9.36L23 10" />
        </svg>
      </button>
    </div>
  );
}
