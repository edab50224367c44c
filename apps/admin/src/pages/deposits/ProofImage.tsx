import { Alert, Image, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDepositProof } from "../../api/deposits";
import { useDescribeError } from "../../api/use-describe-error";

/**
 * The deposit's payment proof. Its endpoint needs the bearer token, so the image is downloaded as a
 * blob and shown through an object URL, released when the drawer closes.
 */
export function ProofImage({ depositId }: { depositId: string }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const proof = useDepositProof(depositId, true);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!proof.data) return;
    const objectUrl = URL.createObjectURL(proof.data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [proof.data]);

  if (proof.isError) return <Alert type="error" showIcon message={describe(proof.error)} />;
  if (!url) return <Skeleton.Image active className="proof-image__loading" />;
  return (
    <Image src={url} alt={t("deposits.proof")} className="proof-image contain" data-testid="deposit-proof" />
  );
}
