package io.patchpin.core;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Paths inside a component or workspace, as written in patchsets, patches and
 * lockfiles: relative, '/'-separated, no '..', no '.git' segment. The
 * superproject itself is the component ".".
 */
public final class RelativePath {
    private RelativePath() {}

    /** Why {@code path} is not a safe relative path, or empty when it is. */
    public static Optional<String> problem(String path) {
        if (path == null || path.isEmpty()) {
            return Optional.of("empty path");
        }
        if (path.indexOf('\0') >= 0 || path.indexOf('\\') >= 0) {
            return Optional.of("path '" + path + "' holds a NUL or backslash");
        }
        if (Printable.hasControl(path)) {
            return Optional.of("path '" + Printable.of(path) + "' holds a control character");
        }
        if (path.startsWith("/") || hasDrive(path) || path.startsWith("~")) {
            return Optional.of("absolute path '" + path + "' is not allowed");
        }
        for (String segment : path.split("/", -1)) {
            if (segment.equals("..")) {
                return Optional.of("path '" + path + "' escapes the workspace with '..'");
            }
            if (segment.equalsIgnoreCase(".git")) {
                return Optional.of("path '" + path + "' points into a .git directory");
            }
        }
        return Optional.empty();
    }

    /** "C:...": a Windows drive letter. */
    private static boolean hasDrive(String path) {
        char c = path.length() > 1 && path.charAt(1) == ':' ? path.charAt(0) : 0;
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }

    /** The path with '.' and empty segments removed ("." for the root); throws on a problem. */
    public static String check(String source, int line, String path) {
        problem(path).ifPresent(p -> {
            throw new BadInputException(source, line, p);
        });
        return normalize(path);
    }

    /** Removes '.' and empty segments; "." for the root. */
    public static String normalize(String path) {
        String kept = Arrays.stream(path.split("/"))
                .filter(segment -> !segment.isEmpty() && !segment.equals("."))
                .collect(Collectors.joining("/"));
        return kept.isEmpty() ? "." : kept;
    }

    public static String join(String component, String file) {
        return component.equals(".") ? file : component + "/" + file;
    }
}
