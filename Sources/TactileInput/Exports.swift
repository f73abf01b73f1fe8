// The contact stream (`ContactStream`, `ContactReport`) lives in TactileContacts, which needs no C library, so that
// an app that never opens a device (SDL, Wayland) can depend on it alone. TactileInput re-exports it: code written
// with `import TactileInput` keeps compiling, and TactileInput's own sources (libinput's source) use it.
@_exported import TactileContacts
