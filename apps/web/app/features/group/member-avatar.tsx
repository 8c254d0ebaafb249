/** A member's picture, or a neutral silhouette when there is none (robots, members without a picture). */
export function MemberAvatar({ src, alt, size }: { src: string; alt: string; size: number }) {
  if (src) return <img className="group-avatar" src={src} alt={alt} width={size} height={size} loading="lazy" />;
  return (
    <svg className="group-avatar group-avatar--empty" viewBox="0 0 96 96" width={size} height={size} role="img" aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
      <circle cx="48" cy="48" r="48" fill="#e8e8e8" />
      <circle cx="48" cy="38" r="17" fill="#bfbfbf" />
      <path d="M18 82c4-16 16-24 30-24s26 8 30 24" fill="#bfbfbf" />
    </svg>
  );
}
