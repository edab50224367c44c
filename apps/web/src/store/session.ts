import type { AppInfo, RegisterCheckRequest, SessionResponse, UserInfo } from "@tickfair/contract";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** localStorage key of the persisted client state. */
export const SESSION_STORAGE_KEY = "tickfair-session";

export interface SessionData {
  token: string | null;
  userInfo: UserInfo | null;
  appInfo: AppInfo | null;
  /** Registration step 1, carried to step 2. */
  registerInfo: RegisterCheckRequest | null;
}

export interface SessionState extends SessionData {
  setSession: (session: SessionResponse) => void;
  setUserInfo: (user: UserInfo) => void;
  setAppInfo: (info: AppInfo) => void;
  setRegisterInfo: (info: RegisterCheckRequest | null) => void;
  /** Forgets the token and the user (app info stays: it is not personal). */
  clearSession: () => void;
}

const empty: SessionData = { token: null, userInfo: null, appInfo: null, registerInfo: null };

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...empty,
      setSession: (session) => set({ token: session.token, userInfo: session.user, registerInfo: null }),
      setUserInfo: (userInfo) => set({ userInfo }),
      setAppInfo: (appInfo) => set({ appInfo }),
      setRegisterInfo: (registerInfo) => set({ registerInfo }),
      clearSession: () => set({ token: null, userInfo: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): SessionData => ({
        token: state.token,
        userInfo: state.userInfo,
        appInfo: state.appInfo,
        registerInfo: state.registerInfo,
      }),
    },
  ),
);

/** Clears everything the store keeps, including app info and the registration draft. */
export function resetSessionStore(): void {
  useSession.setState({ ...empty });
}
