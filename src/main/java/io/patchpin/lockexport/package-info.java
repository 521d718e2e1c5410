/**
 * {@code lock export}: a lockfile as the files distributions and container builds consume (Nix, PKGBUILD, versions.env,
 * OCI labels), with source checksums computed from the object databases.
 */
package io.patchpin.lockexport;
