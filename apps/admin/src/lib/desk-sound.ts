import type { DeskItem } from "@tickfair/contract";

/** Where the operator's choice of a sound for new money requests is remembered (off unless set). */
export const DESK_SOUND_KEY = "tickfair-admin-desk-sound";

export function readDeskSound(storage: Pick<Storage, "getItem"> | undefined): boolean {
  try {
    return storage?.getItem(DESK_SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export function writeDeskSound(storage: Pick<Storage, "setItem"> | undefined, on: boolean): void {
  try {
    storage?.setItem(DESK_SOUND_KEY, on ? "on" : "off");
  } catch {
    // A browser that refuses storage (private mode, quota) keeps the choice for this page only.
  }
}

/** A deposit or withdrawal waiting for review: what the sound announces. */
const isMoneyRequest = (item: DeskItem) => item.kind !== "contract" && item.status === "under_review";

export const deskItemKey = (item: Pick<DeskItem, "kind" | "id">) => `${item.kind}:${item.id}`;

/**
 * The money requests waiting for review among `items` that were not among those `seen` before: one
 * tone for each refresh that brings any. The first load brings none (everything on it is seen).
 */
export function newMoneyRequests(seen: ReadonlySet<string>, items: readonly DeskItem[]): string[] {
  return items.filter((item) => isMoneyRequest(item) && !seen.has(deskItemKey(item))).map(deskItemKey);
}

/**
 * A short two-note chime made on the spot (no audio file): 0.25 s, soft attack and release so it
 * does not click. Only on a context the operator's click created or resumed: browsers refuse sound
 * before a user gesture, and the console never tries.
 */
export function playChime(context: AudioContext): void {
  const start = context.currentTime;
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
  for (const [frequency, offset] of [
    [880, 0],
    [1320, 0.09],
  ] as const) {
    const tone = context.createOscillator();
    tone.type = "sine";
    tone.frequency.setValueAtTime(frequency, start + offset);
    tone.connect(gain);
    tone.start(start + offset);
    tone.stop(start + 0.25);
  }
}
