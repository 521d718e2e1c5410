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
            case DEBIAN -> new Debian();
            case RPM -> new Rpm();
            case GENTOO -> new Gentoo(gentooUser);
            case NIX -> new Nix();
            case YOCTO -> new Yocto();
            case WEST -> new West();
            case SPACK -> new Spack();
            case THEROCK, QUILT, ELECTRON -> throw new IllegalStateException(this + " is not a distro layout");
        };
    }
}
