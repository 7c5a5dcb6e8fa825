import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
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

describe('FileUpload with a drop zone', () => {
  it('takes a dropped file and refuses one over its own limit with its own message', async () => {
    const onFile = vi.fn();
    render(<FileUpload label="Choose File" dropHint="or drop it here" maxBytes={10} tooLargeMessage="The file is over 10 bytes" onFile={onFile} />);
    const zone = screen.getByTestId('file-drop-zone');
    expect(zone).toHaveTextContent('or drop it here');
    fireEvent.drop(zone, { dataTransfer: { files: [fileOfSize(11, 'big.csv', 'text/csv')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is over 10 bytes');
    fireEvent.drop(zone, { dataTransfer: { files: [fileOfSize(10, 'ok.csv', 'text/csv')] } });
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(onFile.mock.calls[0]![0]).toHaveProperty('name', 'ok.csv');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
