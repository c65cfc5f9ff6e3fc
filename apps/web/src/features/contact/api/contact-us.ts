import { useMutation } from '@tanstack/react-query';
import type { ContactUsBody } from '@brickyard/shared';
import { api } from '@/lib/api';

export interface ContactUsInput extends ContactUsBody {
  /** suppliers only; sent as multipart/form-data when present */
  file?: File | null;
}

export async function contactUs({ file, ...fields }: ContactUsInput): Promise<{ id: string; message: string }> {
  let body: ContactUsBody | FormData = fields;
  if (file) {
    const form = new FormData();
    form.set('userEmail', fields.userEmail);
    form.set('userName', fields.userName);
    form.set('userTitle', fields.userTitle);
    form.set('userMessage', fields.userMessage);
    form.set('file', file, file.name);
    body = form;
  }
  const res = await api.post<{ data: { id: string; message: string } }>('/api/auth/contact-us', body);
  return res.data;
}

export function useContactUs() {
  return useMutation({ mutationFn: contactUs });
}
