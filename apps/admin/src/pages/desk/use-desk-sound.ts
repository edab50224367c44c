import type { DeskItem } from "@tickfair/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  deskItemKey,
  newMoneyRequests,
  playChime,
  readDeskSound,
  writeDeskSound,
} from "../../lib/desk-sound";

const storage = () => (typeof window === "undefined" ? undefined : window.localStorage);

/**
 * The desk's optional chime for new money requests. Off unless the operator turns it on (remembered
 * in this browser). Browsers let a page make sound only after a click on it, and the console never
 * tries before: the switch itself is such a click; after a reload with the sound on, the operator's
 * next click anywhere on the page allows it (`armed` says whether it has).
 *
 * `items`: the list's newest page; `listKey` names its filters, and a new one starts over (what a
 * different filter shows is not new).
 */
export function useDeskSound(items: readonly DeskItem[] | undefined, listKey: string) {
  const [on, setOn] = useState(() => readDeskSound(storage()));
  const [armed, setArmed] = useState(false);
  const context = useRef<AudioContext | null>(null);
  const seen = useRef<{ listKey: string; keys: Set<string> } | null>(null);

  const arm = useCallback(() => {
    context.current ??= new AudioContext();
    void context.current.resume().then(() => setArmed(context.current?.state === "running"));
    return context.current;
  }, []);

  useEffect(() => {
    if (!on || armed) return;
    document.addEventListener("pointerdown", arm, { once: true });
    return () => document.removeEventListener("pointerdown", arm);
  }, [on, armed, arm]);

  useEffect(() => {
    if (!items) return;
    const keys = items.map(deskItemKey);
    if (seen.current?.listKey !== listKey) {
      seen.current = { listKey, keys: new Set(keys) };
      return;
    }
    const fresh = newMoneyRequests(seen.current.keys, items);
    for (const key of keys) seen.current.keys.add(key);
    if (fresh.length > 0 && on && context.current?.state === "running") playChime(context.current);
  }, [items, listKey, on]);

  const toggle = useCallback(
    (next: boolean) => {
      setOn(next);
      writeDeskSound(storage(), next);
      // The switch is the operator's click: the chime plays once, so they know what to listen for.
      if (next) playChime(arm());
    },
    [arm],
  );

  useEffect(() => () => void context.current?.close(), []);

  return { on, armed, toggle };
}
