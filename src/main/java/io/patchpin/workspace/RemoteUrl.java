package io.patchpin.workspace;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Printable;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.transport.URIish;

/**
 * A URL read from data (a lockfile, a pins file, a {@code .gitmodules}, a manifest): data, never an option or a
 * command. Read as git reads it ({@code scheme://}, scp-like {@code [user@]host:path}, else a local path), it is
 * refused before any transport is opened when:
 * <ul>
 * <li>a user, host or path starts with {@code -}, also percent-encoded ({@code ssh://%2doProxyCommand=...}):
 * JGit runs {@code $GIT_SSH [-p port] user@host ...} without {@code --}, so it would be an option;</li>
 * <li>it is git's remote-helper syntax {@code <transport>::<address>} ({@code ext::} runs a command);</li>
 * <li>its transport is not https, http, ssh (also {@code git+ssh}, {@code ssh+git}), git or file; it holds
 * control characters, a port that is not a number; a remote URL has no host, a file URL another host.</li>
 * </ul>
 * Whether an accepted URL may be fetched from is {@link #fetchRefusal}.
 */
public final class RemoteUrl {
    private static final Pattern HELPER = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*)::");
    private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*)://(.*)$", Pattern.DOTALL);
    private static final Pattern PERCENT = Pattern.compile("%([0-9A-Fa-f]{2})");

    /** git's names of the transports patchpin may use. */
    public enum Transport {
        HTTPS,
        HTTP,
        SSH,
        GIT,
        FILE;

        /** As git's {@code protocol.<name>.allow} names it. */
        public String protocol() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private RemoteUrl() {}

    /** Returns {@code url} when its shape is allowed, else bad input at {@code source:line}. */
    public static String check(String source, int line, String url) {
        refusal(url).ifPresent(why -> {
            throw new BadInputException(source, line, message(url, why));
        });
        return url;
    }

    /** One line for a refused URL: the URL (control characters escaped) and why. */
    public static String message(String url, String why) {
        return "URL '" + Printable.of(url) + "' refused: " + why;
    }

    /** Why patchpin refuses to use {@code url}, whatever the configuration; empty when its shape is allowed. */
    public static Optional<String> refusal(String url) {
        if (url == null || url.isEmpty()) {
            return Optional.of("it is empty");
        }
        for (String form : forms(url)) {
            if (form.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
                return Optional.of("it holds a control character" + (form.equals(url) ? "" : " (percent-encoded)"));
            }
        }
        Matcher helper = HELPER.matcher(url);
        if (helper.find()) {
            return Optional.of("'" + helper.group(1) + "::' names a git remote helper, which runs a command;"
                    + " patchpin never runs one");
        }
        Matcher scheme = SCHEME.matcher(url);
        Optional<String> why = scheme.matches()
                ? schemeRefusal(scheme.group(1), scheme.group(2))
                : isScpLike(url) ? scpRefusal(url) : dashRefusal("path", url);
        return why.isPresent() ? why : jgitRefusal(url);
    }

    /** The transport of a URL whose {@link #refusal} is empty. */
    public static Transport transport(String url) {
        Matcher scheme = SCHEME.matcher(url);
        if (scheme.matches()) {
            return transportOf(scheme.group(1).toLowerCase(Locale.ROOT)).orElseThrow();
        }
        return isScpLike(url) ? Transport.SSH : Transport.FILE;
    }

    /**
     * Why {@code config} forbids fetching from {@code url}, as git decides for a URL not from the user (as for
     * submodules): {@code protocol.<name>.allow}, else {@code protocol.allow}, else git's default ({@code always} for
     * https, http, ssh and git; {@code user} for file, which therefore refuses). Only {@code always} allows.
     */
    public static Optional<String> fetchRefusal(Config config, String url) {
        Transport t = transport(url);
        String value = config.getString("protocol", t.protocol(), "allow");
        String from = "protocol." + t.protocol() + ".allow";
        if (value == null) {
            value = config.getString("protocol", null, "allow");
            from = "protocol.allow";
        }
        if (value == null) {
            value = t == Transport.FILE ? "user" : "always";
            from = "protocol." + t.protocol() + ".allow (git's default)";
        }
        if (value.equalsIgnoreCase("always")) {
            return Optional.empty();
        }
        String hint = t == Transport.FILE
                ? "; local mirrors are found through --mirror-dir, or allow file URLs from"
                        + " lockfiles with `git config --global protocol.file.allow always`"
                : "";
        return Optional.of("the " + t.protocol() + " transport is not allowed for a URL from a file: " + from + " is '"
                + value + "'" + (value.equalsIgnoreCase("user") ? " (only URLs the user typed)" : "") + hint);
    }

    private static Optional<String> schemeRefusal(String scheme, String rest) {
        Optional<Transport> t = transportOf(scheme.toLowerCase(Locale.ROOT));
        if (t.isEmpty()) {
            return Optional.of("transport '" + scheme + "' is not allowed (only https, http, ssh, git and file)");
        }
        int slash = rest.indexOf('/');
        String authority = slash < 0 ? rest : rest.substring(0, slash);
        String path = slash < 0 ? "" : rest.substring(slash + 1);
        int at = authority.lastIndexOf('@');
        String user = at < 0 ? null : authority.substring(0, at);
        String hostPort = authority.substring(at + 1);
        String host = hostPort;
        String port = null;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            host = close < 0 ? hostPort : hostPort.substring(1, close);
            port = close >= 0 && hostPort.startsWith(":", close + 1) ? hostPort.substring(close + 2) : null;
        } else if (hostPort.indexOf(':') >= 0) {
            host = hostPort.substring(0, hostPort.indexOf(':'));
            port = hostPort.substring(hostPort.indexOf(':') + 1);
        }
        if (port != null && !port.isEmpty() && !port.matches("[0-9]{1,5}")) {
            return Optional.of("port '" + port + "' is not a number");
        }
        boolean file = t.get() == Transport.FILE;
        if (file && !host.isEmpty() && !host.equalsIgnoreCase("localhost")) {
            return Optional.of("a file URL names host '" + host + "'");
        }
        return hostRefusal(user, host, path, !file);
    }

    /** git's scp-like syntax: a colon before any slash, and not a scheme URL. */
    private static boolean isScpLike(String url) {
        int colon = url.startsWith("[") ? url.indexOf("]:") + 1 : url.indexOf(':');
        int slash = url.indexOf('/');
        return colon > 0 ? slash < 0 || colon < slash : colon == 0;
    }

    private static Optional<String> scpRefusal(String url) {
        int colon = url.startsWith("[") ? url.indexOf("]:") + 1 : url.indexOf(':');
        String userHost = url.substring(0, colon).replace("[", "").replace("]", "");
        int at = userHost.lastIndexOf('@');
        return hostRefusal(
                at < 0 ? null : userHost.substring(0, at), userHost.substring(at + 1), url.substring(colon + 1), true);
    }

    private static Optional<String> hostRefusal(String user, String host, String path, boolean needsHost) {
        if (needsHost && host.isEmpty()) {
            return Optional.of("it names no host");
        }
        if (host.chars().anyMatch(Character::isWhitespace)) {
            return Optional.of("its host holds a space");
        }
        return partsRefusal(user, host, path);
    }

    /** The first of a user, host and path (null: none) to start with '-'. */
    private static Optional<String> partsRefusal(String user, String host, String path) {
        return dashRefusal("user", user).or(() -> dashRefusal("host", host)).or(() -> dashRefusal("path", path));
    }

    /** A user, host or path starting with '-', as written or once any level of percent-encoding is undone. */
    private static Optional<String> dashRefusal(String what, String value) {
        if (value == null) {
            return Optional.empty();
        }
        for (String form : forms(value)) {
            String v = what.equals("path") ? form.replaceFirst("^/+", "") : form;
            if (v.startsWith("-")) {
                return Optional.of("its " + what + " starts with '-'" + (form.equals(value) ? "" : " (percent-encoded)")
                        + " and would be read as a command-line option");
            }
        }
        return Optional.empty();
    }

    /** What JGit makes of it: parsed apart differently than above, its parts must pass all the same. */
    private static Optional<String> jgitRefusal(String url) {
        URIish uri;
        try {
            uri = new URIish(url);
        } catch (URISyntaxException e) {
            return Optional.of("it is not a URL git can read (" + e.getReason() + ")");
        }
        if (uri.getScheme() != null
                && transportOf(uri.getScheme().toLowerCase(Locale.ROOT)).isEmpty()) {
            return Optional.of(
                    "transport '" + uri.getScheme() + "' is not allowed (only https, http, ssh, git and file)");
        }
        return partsRefusal(uri.getUser(), uri.getHost(), uri.getPath());
    }

    private static Optional<Transport> transportOf(String scheme) {
        return switch (scheme) {
            case "https" -> Optional.of(Transport.HTTPS);
            case "http" -> Optional.of(Transport.HTTP);
            case "ssh", "git+ssh", "ssh+git" -> Optional.of(Transport.SSH);
            case "git" -> Optional.of(Transport.GIT);
            case "file" -> Optional.of(Transport.FILE);
            default -> Optional.empty();
        };
    }

    /** The value as written and after each round of percent-decoding, until nothing changes (at most 4 rounds). */
    private static List<String> forms(String value) {
        List<String> out = new ArrayList<>();
        out.add(value);
        String v = value;
        for (int i = 0; i < 4; i++) {
            String d = PERCENT.matcher(v)
                    .replaceAll(m -> Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(m.group(1), 16))));
            if (d.equals(v)) {
                break;
            }
            out.add(d);
            v = d;
        }
        return out;
    }
}
