import { useTranslation } from "react-i18next";

type Tree = { [key: string]: string | Tree };

/** Every leaf of a nested text group with its dotted path: `{ deposit: { confirm } }` → "deposit.confirm". */
function leaves(tree: Tree | undefined, prefix = ""): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(tree ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.push([path, value]);
    else out.push(...leaves(value, path));
  }
  return out;
}

export interface AuditLabels {
  /** An action code's name in the console's language; an unknown code as it is. */
  action: (code: string) => string;
  /** A record type's name; an unknown type as it is. */
  target: (type: string) => string;
  /** Every action with a name, for the filter, in the texts' order. */
  actions: { code: string; label: string }[];
  targets: { type: string; label: string }[];
}

/**
 * The audit log's action codes and record types in words. The names live in the console's texts
 * (`auditActions`, nested by the code's dots, and `auditTargets`), so a code the server adds later
 * shows as it is until it gets a name.
 */
export function useAuditLabels(): AuditLabels {
  const { i18n } = useTranslation();
  const bundle = (i18n.getResourceBundle(i18n.language, "translation") ?? {}) as Tree;
  const actions = leaves(bundle.auditActions as Tree | undefined).map(([code, label]) => ({ code, label }));
  const targets = leaves(bundle.auditTargets as Tree | undefined).map(([type, label]) => ({ type, label }));
  const actionNames = new Map(actions.map((entry) => [entry.code, entry.label]));
  const targetNames = new Map(targets.map((entry) => [entry.type, entry.label]));
  return {
    action: (code) => actionNames.get(code) ?? code,
    target: (type) => targetNames.get(type) ?? type,
    actions,
    targets,
  };
}
