package io.patchpin.export;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Gentoo: {@code files/NNNN-id.patch} with {@code patches.eclass.inc} holding
 * the ebuild's {@code PATCHES=( "${FILESDIR}"/... )}; or, for a user's own
 * patches, the {@code /etc/portage/patches/<category>/<PN>/} layout that
 * {@code eapply_user} applies in name order.
 */
final class Gentoo implements Layout {
    private final Optional<String> userPackage;

    /** @param userPackage CATEGORY/PN for the /etc/portage/patches layout, or empty for an ebuild's files */
    Gentoo(Optional<String> userPackage) {
        this.userPackage = userPackage;
    }

    @Override
    public Map<String, byte[]> files(Tree t) {
        if (userPackage.isEmpty()) {
            return new Ebuild().files(t);
        }
        Map<String, byte[]> out = new TreeMap<>();
        t.pieces()
                .forEach(p -> out.put(
                        userPackage.get() + "/" + p.fileName(), Layout.concat(Dep3.header(p.meta()), p.diff())));
        return out;
    }

    /** An ebuild's files/ folder and the PATCHES array that names them. */
    private static final class Ebuild extends ListedPatches {
        Ebuild() {
            super("patches.eclass.inc");
        }

        @Override
        String path(Piece p) {
            return "files/" + p.fileName();
        }

        @Override
        void open(StringBuilder inc) {
            inc.append("PATCHES=(\n");
        }

        @Override
        void line(StringBuilder inc, Tree t, Piece p, byte[] patch) {
            inc.append("\t# ").append(Dep3.oneLine(p.meta().summary())).append('\n');
            inc.append("\t\"${FILESDIR}\"/").append(p.fileName()).append('\n');
        }

        @Override
        void close(StringBuilder inc) {
            inc.append(")\n");
        }
    }

    /** Whether {@code s} is CATEGORY/PN as the package manager specification names them. */
    static boolean validPackage(String s) {
        return s.matches("[A-Za-z0-9_+][A-Za-z0-9_+.-]*/[A-Za-z0-9_+][A-Za-z0-9_+-]*") && !s.contains("..");
    }
}
