import type { OperatorInfo, OperatorSessionResponse } from "@tickfair/contract";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** localStorage key of the console's session; the H5 app on the same origin keeps its own. */
const SESSION_STORAGE_KEY = "tickfair-admin-session";

interface SessionState {
  token: string | null;
  operator: OperatorInfo | null;
  signIn: (session: OperatorSessionResponse) => void;
  /** The operator as /operator/me last answered (a role may change while signed in). */
  setOperator: (operator: OperatorInfo) => void;
  signOut: () => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      operator: null,
      signIn: ({ token, operator }) => set({ token, operator }),
      setOperator: (operator) => set({ operator }),
      signOut: () => set({ token: null, operator: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, operator }) => ({ token, operator }),
    },
  ),
);
