import type { ImageType } from '@tradeport/contract';

/** The only media types an uploaded image may be stored and served as. */
export type ImageContentType = 'image/jpeg' | 'image/png';
export type ImageExtension = 'jpg' | 'png';

type ImageFormat = {
  contentType: ImageContentType;
  extension: ImageExtension;
  /** Leading bytes every file of this format starts with. */
  signature: readonly number[];
};

const IMAGE_FORMATS: readonly ImageFormat[] = [
  // SOI marker followed by the first segment's marker byte.
  { contentType: 'image/jpeg', extension: 'jpg', signature: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', extension: 'png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** How many leading bytes `detectImageType` needs to decide. */
export const IMAGE_SIGNATURE_BYTES = Math.max(...IMAGE_FORMATS.map((format) => format.signature.length));

// A Record over the contract's enum, so a type added there fails to compile until it is mapped here.
const CONTENT_TYPE_BY_IMAGE_TYPE: Record<ImageType, ImageContentType> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
};

function formatOf(contentType: ImageContentType): ImageFormat {
  const format = IMAGE_FORMATS.find((candidate) => candidate.contentType === contentType);
  if (!format) throw new Error(`Unknown image content type ${contentType}`);
  return format;
}

/** The `{type}` of the upload endpoint (jpeg, jpg or png) as the media type it is stored with. */
export function contentTypeForImageType(type: ImageType): ImageContentType {
  return CONTENT_TYPE_BY_IMAGE_TYPE[type];
}

/** One extension per media type, so a key alone tells how to serve the file. */
export function extensionForContentType(contentType: ImageContentType): ImageExtension {
  return formatOf(contentType).extension;
}

export function contentTypeForExtension(extension: string): ImageContentType | undefined {
  const normalised = extension.toLowerCase();
  if (normalised === 'jpeg') return 'image/jpeg';
  return IMAGE_FORMATS.find((format) => format.extension === normalised)?.contentType;
}

export function isImageContentType(value: unknown): value is ImageContentType {
  return IMAGE_FORMATS.some((format) => format.contentType === value);
}

/**
 * A Content-Type header as one of our image types: parameters dropped, case ignored. Anything else
 * (including the non-standard image/jpg) is undefined, because it is what the file is served as.
 */
export function parseImageContentType(header: string | undefined | null): ImageContentType | undefined {
  const mediaType = header?.split(';', 1)[0]?.trim().toLowerCase();
  return isImageContentType(mediaType) ? mediaType : undefined;
}

/** The image type the bytes really are, whatever name or header they came with. */
export function detectImageType(firstBytes: Uint8Array): ImageContentType | undefined {
  return IMAGE_FORMATS.find(
    (format) =>
      firstBytes.length >= format.signature.length &&
      format.signature.every((byte, index) => firstBytes[index] === byte),
  )?.contentType;
}

/**
 * Why a stored file may not be kept, or undefined when it may. Both adapters confirm with it, so
 * S3 and local disk refuse exactly the same files with the same words.
 */
export function findStoredImageProblem(options: {
  declared: ImageContentType;
  maxBytes: number;
  sizeBytes: number;
  /** The media type the file would be served with, when the store keeps one. */
  storedContentType?: string | undefined;
  firstBytes: Uint8Array;
}): string | undefined {
  const { declared, maxBytes, sizeBytes } = options;
  if (sizeBytes > maxBytes) {
    return `The image is ${formatBytes(sizeBytes)}; the limit is ${formatBytes(maxBytes)}.`;
  }
  if (
    options.storedContentType !== undefined &&
    parseImageContentType(options.storedContentType) !== declared
  ) {
    return `The image was uploaded as ${options.storedContentType || 'an unknown type'}, not ${declared}.`;
  }
  return findContentProblem({ declared, firstBytes: options.firstBytes });
}

/** Why the leading bytes are not an image of the declared type, or undefined when they are. */
export function findContentProblem(options: {
  declared: ImageContentType;
  firstBytes: Uint8Array;
}): string | undefined {
  const detected = detectImageType(options.firstBytes);
  if (detected === options.declared) return undefined;
  return detected
    ? `The file is a ${extensionForContentType(detected).toUpperCase()} image, not ${options.declared}.`
    : `The file is not a ${extensionForContentType(options.declared).toUpperCase()} image.`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
}
