; Inno Setup script for ConCom Desk: a per-user install that needs no
; administrator (town-hall laptops have no IT department), Start-menu and
; desktop shortcuts, upgrade in place, and an uninstaller that never touches
; the commission's data.
;
; Build (on Windows, after packaging\build.ps1 or the release workflow has made
; dist\concom-desk\):  iscc /DAppVersion=0.1.0 packaging\windows\concom-desk.iss
;
; Where things live:
;   program files: %LOCALAPPDATA%\Programs\ConCom Desk  ({autopf} with lowest privileges)
;   the data:      %LOCALAPPDATA%\ConCom Desk           (database, documents, backups)
; The uninstaller removes only what it installed in the program folder, so the
; database, its documents and its backups stay for the next version.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
; The AppId never changes: it is how a newer installer finds and upgrades this one.
AppId={{6C1E1E43-3C0B-4E5E-9A57-5B0C0D3E2A11}
AppName=ConCom Desk
AppVersion={#AppVersion}
AppVerName=ConCom Desk {#AppVersion}
AppPublisher=ConCom Desk
DefaultDirName={autopf}\ConCom Desk
DefaultGroupName=ConCom Desk
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputDir=..\..\dist
OutputBaseFilename=ConComDesk-{#AppVersion}-setup
SetupIconFile=..\..\resources\icons\concom-desk.ico
UninstallDisplayIcon={app}\concom-desk.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; Close a running copy before replacing its files during an upgrade.
CloseApplications=yes
RestartApplications=no

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[InstallDelete]
; An upgrade replaces the whole program folder so no stale library lingers.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "..\..\dist\concom-desk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\ConCom Desk"; Filename: "{app}\concom-desk.exe"
Name: "{autodesktop}\ConCom Desk"; Filename: "{app}\concom-desk.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\concom-desk.exe"; Description: "{cm:LaunchProgram,ConCom Desk}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; Only the program folder. The data folder (%LOCALAPPDATA%\ConCom Desk) is kept on purpose.
Type: dirifempty; Name: "{app}"

[Messages]
UninstalledAll=ConCom Desk was removed from your computer.%n%nYour commission's records, documents and backups were kept in %LOCALAPPDATA%\ConCom Desk.
