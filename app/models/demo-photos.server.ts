import sharp from 'sharp'

// Demo pet portraits drawn on the spot (no downloads): a soft studio backdrop,
// a cat or dog head in the pet's colours, rendered to a real JPEG so they go
// through the same upload pipeline as a client's photo.

type Palette = { fur: string; patch: string; backdrop: [string, string] }

export const PALETTES: Record<string, Palette> = {
  golden: { fur: '#d9a05b', patch: '#f3d9a7', backdrop: ['#fde8d0', '#f4b183'] },
  black: { fur: '#2f2a2a', patch: '#5a5150', backdrop: ['#e2ecf7', '#9fb8d6'] },
  white: { fur: '#f4f1ea', patch: '#d9d2c5', backdrop: ['#e8f3e6', '#a9cfa4'] },
  grey: { fur: '#8c8f96', patch: '#c9cbd0', backdrop: ['#f6e6f0', '#d79cbc'] },
  ginger: { fur: '#e07b39', patch: '#f6c28b', backdrop: ['#e6f0f7', '#8fb3cf'] },
  brown: { fur: '#7a5230', patch: '#c49a6c', backdrop: ['#fff3d6', '#f1c86a'] },
  tricolor: { fur: '#6b4a2f', patch: '#f4efe6', backdrop: ['#e9e4f7', '#a99bd6'] },
}

function dogSvg(p: Palette, variant: number) {
  const earTilt = variant % 2 === 0 ? 18 : -8
  return `
  <g transform="translate(400 330)">
    <ellipse cx="0" cy="250" rx="230" ry="90" fill="${p.fur}" opacity="0.95"/>
    <g transform="rotate(${earTilt} -150 -120)"><ellipse cx="-165" cy="-40" rx="62" ry="135" fill="${p.patch}" stroke="${p.fur}" stroke-width="18"/></g>
    <g transform="rotate(${-earTilt} 150 -120)"><ellipse cx="165" cy="-40" rx="62" ry="135" fill="${p.patch}" stroke="${p.fur}" stroke-width="18"/></g>
    <ellipse cx="0" cy="0" rx="170" ry="185" fill="${p.fur}"/>
    <ellipse cx="0" cy="85" rx="105" ry="85" fill="${p.patch}"/>
    <ellipse cx="-62" cy="-30" rx="22" ry="26" fill="#1d1714"/><circle cx="-55" cy="-38" r="7" fill="#fff"/>
    <ellipse cx="62" cy="-30" rx="22" ry="26" fill="#1d1714"/><circle cx="69" cy="-38" r="7" fill="#fff"/>
    <ellipse cx="0" cy="45" rx="40" ry="28" fill="#1d1714"/>
    <path d="M0 72 Q0 110 -38 112 M0 72 Q0 110 38 112" stroke="#1d1714" stroke-width="8" fill="none" stroke-linecap="round"/>
    <path d="M-22 118 Q0 175 22 118 Z" fill="#e0707a"/>
  </g>`
}

function catSvg(p: Palette, variant: number) {
  const eye = variant % 2 === 0 ? '#7cb342' : '#f2b134'
  return `
  <g transform="translate(400 340)">
    <ellipse cx="0" cy="250" rx="210" ry="85" fill="${p.fur}"/>
    <path d="M-150 -60 L-120 -215 L-30 -140 Z" fill="${p.fur}"/><path d="M-128 -90 L-112 -178 L-62 -135 Z" fill="#e9a3ad"/>
    <path d="M150 -60 L120 -215 L30 -140 Z" fill="${p.fur}"/><path d="M128 -90 L112 -178 L62 -135 Z" fill="#e9a3ad"/>
    <ellipse cx="0" cy="10" rx="175" ry="160" fill="${p.fur}"/>
    <ellipse cx="0" cy="85" rx="90" ry="62" fill="${p.patch}"/>
    <ellipse cx="-62" cy="-10" rx="30" ry="34" fill="${eye}"/><ellipse cx="-62" cy="-10" rx="9" ry="28" fill="#1d1714"/>
    <ellipse cx="62" cy="-10" rx="30" ry="34" fill="${eye}"/><ellipse cx="62" cy="-10" rx="9" ry="28" fill="#1d1714"/>
    <path d="M-16 50 L16 50 L0 68 Z" fill="#e07b8a"/>
    <path d="M0 68 Q-4 92 -30 92 M0 68 Q4 92 30 92" stroke="#1d1714" stroke-width="6" fill="none" stroke-linecap="round"/>
    <g stroke="#1d1714" stroke-width="4" stroke-linecap="round" opacity="0.7">
      <line x1="-60" y1="70" x2="-170" y2="50"/><line x1="-60" y1="82" x2="-170" y2="92"/>
      <line x1="60" y1="70" x2="170" y2="50"/><line x1="60" y1="82" x2="170" y2="92"/>
    </g>
  </g>`
}

/** A 800×800 JPEG portrait of a demo pet. */
export async function drawPetPortrait({
  type,
  palette,
  variant = 0,
}: {
  type: 'cat' | 'dog'
  palette: string
  variant?: number
}) {
  const p = PALETTES[palette] ?? PALETTES.golden
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <defs>
      <radialGradient id="bg" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="${p.backdrop[0]}"/><stop offset="1" stop-color="${p.backdrop[1]}"/></radialGradient>
      <filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>
    </defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <ellipse cx="400" cy="640" rx="300" ry="60" fill="#000" opacity="0.12" filter="url(#soft)"/>
    ${type === 'dog' ? dogSvg(p, variant) : catSvg(p, variant)}
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer()
}
