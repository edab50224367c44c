/** ID photos are shrunk on the phone before upload: a camera's 12-megapixel shot is slow on a mobile link. */
export const PHOTO_MAX_SIDE = 2000;
export const PHOTO_QUALITY = 0.85;

/** `width` × `height` scaled down (never up) so that the longer side is at most `max`. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

type Drawable = ImageBitmap | HTMLImageElement;

/**
 * The picture as the camera meant it: the EXIF orientation applied, so a photo taken in portrait is
 * not uploaded lying on its side. An <img> applies it too where createImageBitmap cannot decode.
 */
async function decode(file: Blob): Promise<{ image: Drawable; release: () => void }> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return { image: bitmap, release: () => bitmap.close() };
    } catch {
      // Some browsers decode a format only through <img> (HEIC in Safari): try that.
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return { image, release: () => URL.revokeObjectURL(url) };
}

/**
 * `file` re-encoded as a JPEG of at most PHOTO_MAX_SIDE pixels on its longer side; the file itself when
 * the browser cannot decode or encode it, so that the server's answer says what is wrong with it.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  let decoded: Awaited<ReturnType<typeof decode>>;
  try {
    decoded = await decode(file);
  } catch {
    return file;
  }
  try {
    const { image } = decoded;
    const natural =
      image instanceof HTMLImageElement
        ? { width: image.naturalWidth, height: image.naturalHeight }
        : { width: image.width, height: image.height };
    const size = fitWithin(natural.width, natural.height, PHOTO_MAX_SIDE);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG would turn black without a white ground.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(image, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", PHOTO_QUALITY),
    );
    return blob && blob.size > 0 ? blob : file;
  } finally {
    decoded.release();
  }
}
