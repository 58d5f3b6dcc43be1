import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import {
  checkImageFile,
  IMAGE_ACCEPT,
  IMAGE_RULES_TEXT,
  ImageUploadError,
  uploadImage,
} from '../image-upload.ts';

/**
 * Picks, checks and uploads one image (profile picture, organisation logo). The uploaded URL is
 * handed to `onChange`; the form it sits in saves it with its other fields.
 */
export function ImageField(props: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Shown in the preview when there is no image. */
  fallback: string;
  disabled?: boolean;
}) {
  const labelId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const resetRef = useRef<() => void>(null);

  const onPick = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setError(null);
    const check = checkImageFile(file);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setIsUploading(true);
    try {
      props.onChange(await uploadImage(file));
    } catch (cause) {
      setError(cause instanceof ImageUploadError ? cause.message : 'The image could not be uploaded.');
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {props.label}
      </Text>
      <Group gap="md">
        <Avatar
          src={props.value}
          alt={props.value ? `${props.label} preview` : undefined}
          size={64}
          radius="md"
          color="teal"
        >
          {props.fallback.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton
              onChange={(file) => void onPick(file)}
              accept={IMAGE_ACCEPT}
              resetRef={resetRef}
              disabled={props.disabled || isUploading}
              inputProps={{ 'aria-label': `${props.label} file`, 'aria-describedby': errorId }}
            >
              {(buttonProps) => (
                <Button
                  {...buttonProps}
                  variant="default"
                  size="xs"
                  loading={isUploading}
                  disabled={props.disabled}
                  aria-describedby={errorId}
                >
                  {props.value
                    ? `Change ${props.label.toLowerCase()}`
                    : `Upload ${props.label.toLowerCase()}`}
                </Button>
              )}
            </FileButton>
            {props.value && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => props.onChange(null)}
                disabled={props.disabled || isUploading}
              >
                Remove {props.label.toLowerCase()}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {IMAGE_RULES_TEXT}
          </Text>
        </Stack>
      </Group>
      <Text id={errorId} size="sm" c="red" role={error ? 'alert' : undefined}>
        {error}
      </Text>
    </Stack>
  );
}
