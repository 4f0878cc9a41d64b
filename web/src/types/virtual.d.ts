declare module 'virtual:cburnett' {
  const images: { white: Record<string, string>; black: Record<string, string> };
  export default images;
}
