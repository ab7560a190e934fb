; Inno Setup 6 script for Saga Desktop: installs the PyInstaller bundle (dist\saga-desktop),
; adds a Start menu entry, opens .saga files with the app, and registers an uninstaller.
; packaging\build.py runs it with the values below when iscc is installed:
;   iscc /DAppVersion=0.1.0 /DSourceDir=...\dist\saga-desktop /DOutputDir=...\dist
;        /DOutputBaseFilename=saga-desktop-0.1.0-windows-x64-setup /DIconFile=...\saga-desktop.ico
;        /DArch=x64 packaging\windows\saga-desktop.iss
; It installs for the current user without an administrator prompt; the first page lets an
; administrator install for everyone instead. User data lives in %LOCALAPPDATA%\saga-desktop and
; is left in place on uninstall.

#ifndef AppVersion
  #error Pass /DAppVersion=... (packaging\build.py does)
#endif
#ifndef SourceDir
  #error Pass /DSourceDir=... (the dist\saga-desktop folder)
#endif
#ifndef OutputDir
  #define OutputDir "."
#endif
#ifndef OutputBaseFilename
  #define OutputBaseFilename "saga-desktop-" + AppVersion + "-windows-setup"
#endif
#ifndef Arch
  #define Arch "x64"
#endif

#define AppName "Saga Desktop"
#define AppExe "saga-desktop.exe"
#define ProgId "SagaDesktop.Campaign"

[Setup]
; The AppId ties updates and the uninstaller together: never change it.
AppId={{0BBD3090-1030-468C-8220-695170EA2793}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Saga Desktop team
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ChangesAssociations=yes
OutputDir={#OutputDir}
OutputBaseFilename={#OutputBaseFilename}
#ifdef IconFile
SetupIconFile={#IconFile}
#endif
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
VersionInfoVersion={#AppVersion}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
#if Arch == "arm64"
ArchitecturesAllowed=arm64
ArchitecturesInstallIn64BitMode=arm64
#else
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; .saga files open in Saga Desktop (HKA: the current user's classes, or all users' for an
; administrator install).
Root: HKA; Subkey: "Software\Classes\.saga"; ValueType: string; ValueName: ""; ValueData: "{#ProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.saga"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-saga-campaign"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.saga\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "Saga Desktop campaign"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".saga"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
