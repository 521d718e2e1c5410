package io.patchpin.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest, or "dev" when run from classes. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = PatchpinCommand.class.getPackage().getImplementationVersion();
        return new String[] {"patchpin " + (v == null ? "0.1.0-dev" : v)};
    }
}
