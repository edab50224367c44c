import { useMutation } from "@tanstack/react-query";
import { downloadBlob } from "../lib/download";
import { listCsvFileName } from "../lib/list-filters";
import { apiBlob } from "./client";
import { queryString } from "./types";

/**
 * Downloads a console list with its filters as the server writes it (CSV, header in the console's
 * language). The file needs the operator's token, so it is fetched and handed to the browser as a blob.
 */
export type ExportedList = "deposits" | "withdrawals" | "verifications" | "users";

export function useListExport(list: ExportedList) {
  return useMutation({
    mutationFn: async (filters: Readonly<Record<string, string | undefined>>) => {
      const blob = await apiBlob(`/operator/${list}.csv${queryString({ ...filters })}`);
      downloadBlob(listCsvFileName(list, new Date()), blob);
    },
  });
}
