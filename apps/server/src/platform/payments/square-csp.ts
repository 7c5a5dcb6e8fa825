import type { SquareSettings } from './square-provider';

export interface CspAdditions {
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
  styleSrc: string[];
  imgSrc: string[];
}

const NONE: CspAdditions = { scriptSrc: [], connectSrc: [], frameSrc: [], styleSrc: [], imgSrc: [] };

/** Where the page loads Square's Web Payments SDK from (the card form's script). */
export function squareSdkOrigin(environment: SquareSettings['environment']): string {
  return environment === 'production' ? 'https://web.squarecdn.com' : 'https://sandbox.web.squarecdn.com';
}

/**
 * The hosts Square's Web Payments SDK needs in our Content-Security-Policy (Square's "Content
 * Security Policy" page for the Web Payments SDK: the CDN for script, frame and connect; the PCI
 * endpoint the card iframe posts to). Only the configured environment's hosts: a sandbox server
 * does not trust production hosts and the reverse. Without Square nothing is added, so the CSP
 * stays exactly as strict as before. img-src already allows https: (map tiles), nothing to add.
 */
export function squareCspAdditions(square: Pick<SquareSettings, 'environment'> | null): CspAdditions {
  if (!square) return NONE;
  const cdn = squareSdkOrigin(square.environment);
  const sandbox = square.environment === 'sandbox';
  const js = sandbox ? 'https://js.squareupsandbox.com' : 'https://js.squareup.com';
  const pci = sandbox ? 'https://pci-connect.squareupsandbox.com' : 'https://pci-connect.squareup.com';
  return {
    scriptSrc: [cdn, js],
    connectSrc: [cdn, pci],
    frameSrc: [cdn],
    styleSrc: [cdn],
    imgSrc: [],
  };
}
