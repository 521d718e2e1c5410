package io.patchpin.sed;

import java.util.ArrayList;
import java.util.List;

/** Working-directory arithmetic on workspace-relative paths ("" is the root). */
final class Paths {
    private Paths() {}

    /** {@code cwd} then {@code target}, normalized; null when absolute, unknown or escaping the root. */
    static String cd(String cwd, String target) {
        if (cwd == null || target.startsWith("/") || target.startsWith("~")) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (String s : (cwd + "/" + target).split("/")) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.remove(parts.size() - 1);
            } else {
                parts.add(s);
            }
        }
        return String.join("/", parts);
    }
}
