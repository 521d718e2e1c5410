package io.patchpin.export;

/**
 * Debian's {@code debian/patches}: DEP-3 headed patches and a {@code series}
 * that quilt and dpkg-source apply with -p1, in order. No {@code Last-Update}:
 * the bytes depend on the entries only.
 */
final class Debian extends ListedPatches {
    Debian() {
        super("series");
    }

    @Override
    void line(StringBuilder series, Tree t, Piece p, byte[] patch) {
        series.append(p.fileName()).append('\n');
    }
}
