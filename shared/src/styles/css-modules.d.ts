declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}

/** Plain stylesheets imported for their side effect (the shell's global styles). */
declare module '*.css';
