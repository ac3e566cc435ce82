import { api } from '@/shared/api/client';

export interface UploadedFile {
  id: string | number;
  url: string;
  fileName: string;
  size: number;
}

/** POST /api/common/upload/OSS: multipart field `file`; progress reported as a whole percentage. */
export async function uploadFile(file: Blob, fileName: string, onProgress?: (percent: number) => void): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, fileName);
  const env = await api.postJson<UploadedFile>('/api/common/upload/OSS', form, {
    // the browser sets the multipart boundary
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 120_000,
    onUploadProgress: (e) => {
      if (!onProgress) return;
      const total = e.total ?? file.size;
      onProgress(total > 0 ? Math.min(100, Math.round((e.loaded / total) * 100)) : 0);
    },
  });
  onProgress?.(100);
  return env.data;
}
