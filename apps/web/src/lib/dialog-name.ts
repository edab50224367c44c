/**
 * What names a dialog for a screen reader: its title, else its text; a dialog whose title and text are
 * both elements says its name in `label`. antd-mobile shows the title but names the dialog by nothing.
 */
export type Named<P extends { title?: unknown; content?: unknown }> =
  | (P & { title: string; label?: never })
  | (P & { content: string; label?: never })
  | (P & { label: string });

/** The dialog's own props with its name as `aria-label`. */
export function named<P extends { title?: unknown; content?: unknown }>({ label, ...props }: Named<P>) {
  const name = label ?? (typeof props.title === "string" ? props.title : props.content);
  return { ...props, "aria-label": name as string };
}
