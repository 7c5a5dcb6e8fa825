import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCUMENT_ACCEPT, UPLOAD_LIMITS } from '@apron/core/attachments';
import { FileUpload } from './file-upload';

function fileOfSize(bytes: number, name: string, type = 'application/pdf'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('FileUpload', () => {
  it('refuses a file over 5 MB before uploading it', async () => {
    const onFile = vi.fn();
    render(<FileUpload label="Upload Document" accept={DOCUMENT_ACCEPT} onFile={onFile} />);
    await userEvent.upload(screen.getByLabelText('Upload Document'), fileOfSize(UPLOAD_LIMITS.maxBytes + 1, 'big.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('File Size cannot be more than 5MB');
    expect(onFile).not.toHaveBeenCalled();
  });

  it('passes on a file within the limit and clears the message', async () => {
    const onFile = vi.fn();
    render(<FileUpload label="Upload Document" accept={DOCUMENT_ACCEPT} onFile={onFile} />);
    const input = screen.getByLabelText('Upload Document');
    expect(input).toHaveAttribute('accept', DOCUMENT_ACCEPT);
    await userEvent.upload(input, fileOfSize(UPLOAD_LIMITS.maxBytes + 1, 'big.pdf'));
    await userEvent.upload(input, fileOfSize(UPLOAD_LIMITS.maxBytes, 'ok.pdf'));
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(onFile.mock.calls[0]![0]).toHaveProperty('name', 'ok.pdf');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
