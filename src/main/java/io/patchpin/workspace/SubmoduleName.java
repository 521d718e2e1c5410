package io.patchpin.workspace;

import io.patchpin.core.Printable;
import java.util.Optional;

/**
 * A submodule's name becomes a folder under {@code .git/modules}, so a name from a lockfile or a {@code .gitmodules} is
 * checked as git checks it (check_submodule_name: not empty, no {@code ..} segment) and more: no empty or {@code .}
 * segment (so not {@code .}), not absolute, no control character or backslash, no {@code .git} segment.
 */
public final class SubmoduleName {
    private SubmoduleName() {}

    /** Why {@code name} cannot name a submodule's git folder, or empty when it can. */
    public static Optional<String> problem(String name) {
        if (name == null || name.isEmpty()) {
            return Optional.of("empty submodule name");
        }
        String shown = "submodule name '" + Printable.of(name) + "'";
        if (Printable.hasControl(name) || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0) {
            return Optional.of(shown + " holds a control character or a backslash");
        }
        if (name.startsWith("/") || name.startsWith("~") || name.length() > 1 && name.charAt(1) == ':') {
            return Optional.of(shown + " is an absolute path");
        }
        for (String segment : name.split("/", -1)) {
            if (segment.equals("..")) {
                return Optional.of(shown + " escapes the modules folder with '..'");
            }
            if (segment.isEmpty() || segment.equals(".")) {
                return Optional.of(shown + " holds an empty or '.' segment");
            }
            if (segment.equalsIgnoreCase(".git")) {
                return Optional.of(shown + " holds a '.git' segment");
            }
        }
        return Optional.empty();
    }
}
