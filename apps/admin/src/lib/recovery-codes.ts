/** The .txt an operator saves their recovery codes in: whose they are, when they were made, one per line. */
export function recoveryCodesFile(
  username: string,
  codes: readonly string[],
  at: Date,
): { fileName: string; text: string } {
  const day = at.toISOString().slice(0, 10);
  const text = [
    `Tickfair Console — recovery codes of ${username}`,
    `Created ${at.toISOString()}. Each code signs in once, in place of the authenticator's code.`,
    "",
    ...codes,
    "",
  ].join("\n");
  return { fileName: `tickfair-console-recovery-codes-${username}-${day}.txt`, text };
}
