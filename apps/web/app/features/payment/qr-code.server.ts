// The WeChat payment link as a QR code, drawn on the server as inline SVG so no QR library
// ships to the browser. 100x100 as the specification fixes it.
import QRCode from 'qrcode';
import { QR_CODE_SIZE_PX } from '@bazaar/shared/constants/limits';

export async function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', width: QR_CODE_SIZE_PX, margin: 1, errorCorrectionLevel: 'M' });
}
