import { PictureOutlined } from "@ant-design/icons";
import type { OperatorVerification, PhotoLink, VerificationPhotoSide } from "@tickfair/contract";
import { Col, Flex, Image, Row, Typography, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { photoLinksExpired } from "../../lib/photo-links";

const SIDES: readonly VerificationPhotoSide[] = ["front", "back"];
const THUMB_HEIGHT = 220;

interface Props {
  verification: OperatorVerification;
  /** Asks the server for fresh links (an audited view): only when one that is needed has expired. */
  onRenew: () => void;
  /** The full-size preview opened or closed. */
  onPreviewChange: (open: boolean) => void;
}

/**
 * Both sides of the document side by side. A click opens antd's preview of the full-size image, with
 * its zoom, rotate and flip toolbar, and the arrows to the other side. The links are short-lived and
 * the server audits each issue: they are renewed when the preview opens or an image fails after they
 * expired, not on a timer, so a drawer left open records no views nobody made.
 */
export function VerificationPhotos({ verification, onRenew, onPreviewChange }: Props) {
  const { t } = useTranslation();
  const renewIfExpired = () => {
    if (photoLinksExpired(verification.photos)) onRenew();
  };
  return (
    <div data-testid="verification-photos">
      {/* The drawer spaces its sections: no title margin of antd's on top of that. */}
      <Typography.Title level={5} className="flush-top">
        {t("verifications.photos")}
      </Typography.Title>
      <Image.PreviewGroup
        preview={{
          onVisibleChange: (visible) => {
            onPreviewChange(visible);
            if (visible) renewIfExpired();
          },
        }}
      >
        <Row gutter={16}>
          {SIDES.map((side) => (
            <Col span={12} key={side}>
              <Photo side={side} link={verification.photos[side]} onFailed={renewIfExpired} />
            </Col>
          ))}
        </Row>
      </Image.PreviewGroup>
      <Typography.Text type="secondary" className="block gap-above-xs">
        {t("verifications.photoHint")}
      </Typography.Text>
    </div>
  );
}

function Photo({
  side,
  link,
  onFailed,
}: {
  side: VerificationPhotoSide;
  link: PhotoLink;
  onFailed: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // Keyed by the link: a renewed link is a fresh try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const label = t(`verifications.${side}`);
  // A frame around the whole side, so a narrow or dark scan still shows where the photo ends; in the
  // theme's colours, which change at run time with light or dark.
  const frame = {
    height: THUMB_HEIGHT,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    background: token.colorFillQuaternary,
    overflow: "hidden",
  } as const;
  return (
    <Flex vertical gap={6}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {failedUrl === link.thumbnailUrl ? (
        <Flex
          vertical
          align="center"
          justify="center"
          gap={8}
          style={frame}
          data-testid={`verification-photo-${side}-failed`}
        >
          <PictureOutlined className="icon-large" />
          <Typography.Text type="secondary">{t("verifications.photoFailed")}</Typography.Text>
        </Flex>
      ) : (
        <div style={frame}>
          <Image
            key={link.thumbnailUrl}
            src={link.thumbnailUrl}
            alt={label}
            width="100%"
            height={THUMB_HEIGHT}
            className="contain"
            preview={{ src: link.url }}
            onError={() => {
              setFailedUrl(link.thumbnailUrl);
              onFailed();
            }}
            data-testid={`verification-photo-${side}`}
          />
        </div>
      )}
    </Flex>
  );
}
