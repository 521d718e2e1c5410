# nix-build packaging/nix, after mvn -B package in the clone
{ pkgs ? import <nixpkgs> { } }:
pkgs.callPackage ./package.nix { src = ../../target/patchpin-0.1.0.tar.gz; }
