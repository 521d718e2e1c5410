package io.patchpin.export;

import java.util.Optional;

/** Every {@code export --format}: TheRock's and quilt's layouts, and the distros' own. */
public enum ExportFormat {
    THEROCK,
    QUILT,
    DEBIAN,
    RPM,
    GENTOO,
    NIX,
    YOCTO,
    WEST,
    SPACK,
    ELECTRON;

    /** Whether {@link DistroExport} writes it (TheRock's and quilt's layouts are written elsewhere). */
    public boolean distro() {
        return this != THEROCK && this != QUILT && this != ELECTRON;
    }

    Layout layout(Optional<String> gentooUser) {
        return switch (this) {
            // Debian's debian/patches: a series quilt and dpkg-source apply with -p1, in order; no Last-Update,
            // so the bytes depend on the entries only
            case DEBIAN -> new ListedPatches("series", (list, t, p, patch) -> list.append(p.fileName() + "\n"));
            case RPM -> Rpm.LAYOUT;
            case GENTOO -> gentooUser.map(Gentoo::user).orElse(Gentoo.EBUILD);
            case NIX -> new Nix();
            case YOCTO -> Yocto.LAYOUT;
            case WEST -> West.LAYOUT;
            case SPACK -> Spack.LAYOUT;
            case THEROCK, QUILT, ELECTRON -> throw new IllegalStateException(this + " is not a distro layout");
        };
    }
}
