/** A user's picture, or a neutral silhouette when there is none. */
export function UserAvatar({ src, alt, size = 96 }: { src: string | null | undefined; alt: string; size?: number }) {
  if (src) return <img className="user-avatar" src={src} alt={alt} width={size} height={size} />;
  return (
    <svg className="user-avatar user-avatar--empty" viewBox="0 0 96 96" width={size} height={size} role="img" aria-label={alt}>
      <circle cx="48" cy="48" r="48" className="user-avatar__bg" />
      <circle cx="48" cy="38" r="17" className="user-avatar__shape" />
      <path d="M18 82c4-16 16-24 30-24s26 8 30 24" className="user-avatar__shape" />
    </svg>
  );
}
