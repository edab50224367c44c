import type { Wallet } from "@tickfair/contract";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** localStorage key of the wallet the trading screens show: remembered on the device. */
export const WALLET_STORAGE_KEY = "tickfair-wallet";

interface WalletState {
  wallet: Wallet;
  setWallet: (wallet: Wallet) => void;
}

/** Real or practice: which account the trading screens, orders and positions show and trade. */
export const useWallet = create<WalletState>()(
  persist(
    (set) => ({
      wallet: "real",
      setWallet: (wallet) => set({ wallet }),
    }),
    {
      name: WALLET_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ wallet: state.wallet }),
    },
  ),
);
