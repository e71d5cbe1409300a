; The Windows installer of jmjp-studio (NSIS 3, 64-bit). Made by packaging/windows/build.sh:
;
;   makensis -INPUTCHARSET UTF8 -DVERSION=0.1.0 -DBIN=<folder with the .exe files> \
;     -DGUIDE=<the guide's list, made by build.sh> -DOUT=<setup.exe> installer.nsi
;
; What it does (the guide, docs/src/install.md):
; - per user by default, no administrator needed: %LOCALAPPDATA%\Programs\jmjp-studio, the
;   registry under HKCU; machine-wide with /AllUsers (run as administrator): Program Files, HKLM;
;   the user guide (mdBook's HTML) beside the program as guide\ (guide\index.html);
; - a Start menu entry named in the user's language (English, or Japanese on a Japanese Windows),
;   with the program's AppUserModelID, so a window pinned to the taskbar pins this entry;
; - the .jmjp file type (ProgID jmjp-studio.paifu, its icon, "open" with "%1"), so a double-click
;   opens the editor; the program in "Apps" with its uninstaller;
; - /S installs and uninstalls silently; /D=FOLDER (last on the line) chooses the folder.
; The uninstaller removes everything the installer added and nothing else: never the user's
; settings, roster, autosaves or journals (they are under %APPDATA%\jmjp-studio).

Target amd64-unicode
SetCompressor /SOLID lzma
SetCompressorDictSize 64
RequestExecutionLevel user
ManifestDPIAware true

!ifndef VERSION
  !error "VERSION is not defined (-DVERSION=0.1.0)"
!endif
!ifndef BIN
  !error "BIN is not defined (-DBIN=folder of jmjp-studio.exe and jmjp-studiow.exe)"
!endif
!ifndef GUIDE
  !error "GUIDE is not defined (-DGUIDE=the list of the guide's files that build.sh makes)"
!endif
!ifndef OUT
  !define OUT "jmjp-studio-${VERSION}-setup.exe"
!endif

!define NAME "jmjp studio"
!define APP "jmjp-studio"
!define PROGID "jmjp-studio.paifu"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\jmjp-studio"
!define TOP "..\.."

Name "${NAME}"
OutFile "${OUT}"
Icon "${TOP}\assets\icon\jmjp-studio.ico"
UninstallIcon "${TOP}\assets\icon\jmjp-studio.ico"
BrandingText "${NAME} ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=1033 "ProductName" "${NAME}"
VIAddVersionKey /LANG=1033 "FileDescription" "${NAME} ${VERSION} setup"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "MIT License"

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"
!include "Win\COM.nsh"
!include "Win\Propkey.nsh"
; The guide's files: the macros InstallGuide and UninstallGuide, written by build.sh from the
; built guide (docs/book), one File and one Delete a file, each folder made and removed by name.
!include "${GUIDE}"

!define MUI_ICON "${TOP}\assets\icon\jmjp-studio.ico"
!define MUI_UNICON "${TOP}\assets\icon\jmjp-studio.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\jmjp-studiow.exe"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_PAGE_CUSTOMFUNCTION_SHOW FinishShow
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The installer speaks the user's language when it is one of these (NSIS picks it from Windows).
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Japanese"

LangString ShortcutName ${LANG_ENGLISH} "jmjp studio"
LangString ShortcutName ${LANG_JAPANESE} "jmjp スタジオ"
LangString ShortcutComment ${LANG_ENGLISH} "Record, check and correct riichi mahjong paifu (.jmjp)"
LangString ShortcutComment ${LANG_JAPANESE} "麻雀の牌譜 (.jmjp) を記録・確認・訂正"
LangString FileTypeName ${LANG_ENGLISH} "jmjp paifu"
LangString FileTypeName ${LANG_JAPANESE} "jmjp 牌譜"
LangString NeedsAdmin ${LANG_ENGLISH} "Installing for all users (/AllUsers) needs an administrator: run the installer as administrator, or install for yourself alone (without /AllUsers)."
LangString NeedsAdmin ${LANG_JAPANESE} "すべてのユーザーへのインストール (/AllUsers) には管理者の権限が必要です。管理者として実行するか、/AllUsers を付けずに自分だけにインストールしてください。"
LangString UninstallNeedsAdmin ${LANG_ENGLISH} "jmjp studio is installed for all users: removing it needs an administrator. Run the uninstaller as administrator."
LangString UninstallNeedsAdmin ${LANG_JAPANESE} "jmjp スタジオはすべてのユーザーにインストールされています。削除には管理者の権限が必要です。管理者としてアンインストーラーを実行してください。"
LangString StillRunning ${LANG_ENGLISH} "jmjp studio is running. Close it (save your work first), then choose Retry."
LangString StillRunning ${LANG_JAPANESE} "jmjp スタジオが起動しています。作業を保存して閉じてから「再試行」を選んでください。"

Var AllUsers

; The scope: for all users (SetShellVarContext all: Program Files' Start menu, SHCTX = HKLM) or
; for the current user alone (HKCU). The installer takes it from /AllUsers on its command line;
; the uninstaller from the install it belongs to: for all users when HKLM's Apps entry names its
; folder, whatever its command line says. For all users an administrator is needed: without one,
; it says why (when not silent) and exits with 740 (ERROR_ELEVATION_REQUIRED).
!macro ChooseScope un message
Function ${un}ChooseScope
  StrCpy $AllUsers 0
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/AllUsers" $R1
  ${IfNot} ${Errors}
    StrCpy $AllUsers 1
  ${EndIf}
  !if "${un}" == "un."
    StrCpy $AllUsers 0
    ReadRegStr $R0 HKLM "${UNINSTALL_KEY}" "InstallLocation"
    ${If} $R0 == $INSTDIR
      StrCpy $AllUsers 1
    ${EndIf}
  !endif
  ${If} $AllUsers == 1
    UserInfo::GetAccountType
    Pop $R2
    ${If} $R2 != "Admin"
      ${IfNot} ${Silent}
        MessageBox MB_ICONSTOP|MB_OK "$(${message})"
      ${EndIf}
      SetErrorLevel 740
      Quit
    ${EndIf}
    SetShellVarContext all
  ${Else}
    SetShellVarContext current
  ${EndIf}
FunctionEnd
!macroend
!insertmacro ChooseScope "" NeedsAdmin
!insertmacro ChooseScope "un." UninstallNeedsAdmin

; A running copy keeps its .exe open: installing over it or removing it would leave half of it.
; Asks to close it (Retry, Cancel); silent, it changes nothing and exits with 5.
!macro NotRunning un
Function ${un}NotRunning
  retry:
  ${IfNot} ${FileExists} "$INSTDIR\jmjp-studio.exe"
    Return
  ${EndIf}
  ClearErrors
  FileOpen $R0 "$INSTDIR\jmjp-studio.exe" a
  ${IfNot} ${Errors}
    FileClose $R0
    Return
  ${EndIf}
  ${IfNot} ${Silent}
    MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(StillRunning)" IDRETRY retry
  ${EndIf}
  SetErrorLevel 5
  Quit
FunctionEnd
!macroend
!insertmacro NotRunning ""
!insertmacro NotRunning "un."

; The AppUserModelID the program sets for its process (src/ui/opening.rs). The Start menu entry
; carries it too, so Windows ties the program's window to the entry: pinned to the taskbar, the
; window pins the entry (jmjp-studiow.exe, no console), not jmjp-studio.exe (a console program).
!define APP_USER_MODEL_ID "jmjp-studio.jmjp-studio"

; Gives the shortcut $R9 the AppUserModelID (System.AppUserModel.ID). NSIS has no command for a
; shortcut's properties: this is the shell's own interfaces (the shortcut's IPersistFile and
; IPropertyStore) called through the System plugin, with NSIS's own Win\COM.nsh and
; Win\Propkey.nsh. A failure leaves the entry as it was (the window then groups by its program).
Function SetShortcutAppId
  Push $0
  Push $1
  Push $2
  Push $3
  Push $4
  Push $5
  Push $6
  !insertmacro ComHlpr_CreateInProcInstance ${CLSID_ShellLink} ${IID_IShellLink} r0 ""
  ${If} $0 P<> 0
    ${IUnknown::QueryInterface} $0 '("${IID_IPersistFile}",.r1)'
    ${If} $1 P<> 0
      ${IPersistFile::Load} $1 '("$R9",${STGM_READWRITE}).r2'
      ${If} $2 = 0
        ${IUnknown::QueryInterface} $0 '("${IID_IPropertyStore}",.r3)'
        ${If} $3 P<> 0
          System::Call '*${SYSSTRUCT_PROPERTYKEY}(${PKEY_AppUserModel_ID})p.r4'
          System::Call '*(&w64 "${APP_USER_MODEL_ID}")p.r5'
          System::Call '*${SYSSTRUCT_PROPVARIANT}(${VT_LPWSTR},,p r5)p.r6'
          ${IPropertyStore::SetValue} $3 '($4,$6).r2'
          ${If} $2 = 0
            ${IPropertyStore::Commit} $3 '().r2'
          ${EndIf}
          ${If} $2 = 0
            ${IPersistFile::Save} $1 '("$R9",1).r2'
          ${EndIf}
          System::Free $4
          System::Free $5
          System::Free $6
          ${IUnknown::Release} $3 ""
        ${EndIf}
      ${EndIf}
      ${IUnknown::Release} $1 ""
    ${EndIf}
    ${IUnknown::Release} $0 ""
  ${EndIf}
  Pop $6
  Pop $5
  Pop $4
  Pop $3
  Pop $2
  Pop $1
  Pop $0
FunctionEnd

; Started from the finish page of an install for all users, the program would run as the
; administrator who installed it (their settings, their roster): the choice is not offered.
Function FinishShow
  ${If} $AllUsers == 1
    SendMessage $mui.FinishPage.Run ${BM_SETCHECK} 0 0
    ShowWindow $mui.FinishPage.Run ${SW_HIDE}
  ${EndIf}
FunctionEnd

Function .onInit
  Call ChooseScope
  ${If} $INSTDIR == ""
    ${If} $AllUsers == 1
      StrCpy $INSTDIR "$PROGRAMFILES64\${APP}"
    ${Else}
      StrCpy $INSTDIR "$LOCALAPPDATA\Programs\${APP}"
    ${EndIf}
  ${EndIf}
FunctionEnd

Section "jmjp studio" SecMain
  SectionIn RO
  Call NotRunning
  SetOutPath "$INSTDIR"
  File "${BIN}\jmjp-studio.exe"
  File "${BIN}\jmjp-studiow.exe"
  File "/oname=README.md" "${TOP}\README.md"
  File "/oname=LICENSE.txt" "${TOP}\LICENSE"
  File "/oname=OFL-M+1.txt" "${TOP}\assets\fonts\OFL.txt"
  ; The user guide: mdBook's output tree as it is, guide\index.html its first page.
  !insertmacro InstallGuide
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; The Start menu entry, named in the installer's language.
  CreateShortcut "$SMPROGRAMS\$(ShortcutName).lnk" "$INSTDIR\jmjp-studiow.exe" "" \
    "$INSTDIR\jmjp-studiow.exe" 0 SW_SHOWNORMAL "" "$(ShortcutComment)"
  StrCpy $R9 "$SMPROGRAMS\$(ShortcutName).lnk"
  Call SetShortcutAppId

  ; The file type: .jmjp is a jmjp-studio.paifu, opened by jmjp-studiow.exe "%1".
  WriteRegStr SHCTX "Software\Classes\.jmjp" "" "${PROGID}"
  WriteRegStr SHCTX "Software\Classes\.jmjp" "Content Type" "application/x-jmjp"
  WriteRegStr SHCTX "Software\Classes\.jmjp" "PerceivedType" "text"
  WriteRegStr SHCTX "Software\Classes\.jmjp\OpenWithProgids" "${PROGID}" ""
  WriteRegStr SHCTX "Software\Classes\${PROGID}" "" "$(FileTypeName)"
  WriteRegStr SHCTX "Software\Classes\${PROGID}" "FriendlyTypeName" "$(FileTypeName)"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\jmjp-studiow.exe,0"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\shell" "" "open"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\jmjp-studiow.exe" "%1"'
  WriteRegStr SHCTX "Software\Classes\Applications\jmjp-studiow.exe" "FriendlyAppName" "$(ShortcutName)"
  WriteRegStr SHCTX "Software\Classes\Applications\jmjp-studiow.exe\SupportedTypes" ".jmjp" ""
  WriteRegStr SHCTX "Software\Classes\Applications\jmjp-studiow.exe\shell\open\command" "" '"$INSTDIR\jmjp-studiow.exe" "%1"'

  ; Apps & features: the name, version, icon, size, and the uninstaller (silent with /S).
  ${If} $AllUsers == 1
    StrCpy $R0 '"$INSTDIR\uninstall.exe" /AllUsers'
  ${Else}
    StrCpy $R0 '"$INSTDIR\uninstall.exe"'
  ${EndIf}
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayName" "$(ShortcutName)"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "Publisher" "The jmjp-studio developers"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\jmjp-studiow.exe,0"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "UninstallString" "$R0"
  WriteRegStr SHCTX "${UNINSTALL_KEY}" "QuietUninstallString" "$R0 /S"
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $R1 $R2 $R3
  IntFmt $R1 "0x%08X" $R1
  WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "EstimatedSize" "$R1"

  ; Tell Explorer that file types changed (SHCNE_ASSOCCHANGED), so the icon shows at once.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Function un.onInit
  Call un.ChooseScope
FunctionEnd

Section "Uninstall"
  Call un.NotRunning
  Delete "$INSTDIR\jmjp-studio.exe"
  Delete "$INSTDIR\jmjp-studiow.exe"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\OFL-M+1.txt"
  ; The guide's files and folders by name (what another version's guide added more stays).
  !insertmacro UninstallGuide
  Delete "$INSTDIR\uninstall.exe"
  ; Only when empty: whatever else the user put there stays.
  RMDir "$INSTDIR"

  ; The entry was named in the language of the install, which may not be this one's.
  Delete "$SMPROGRAMS\jmjp studio.lnk"
  Delete "$SMPROGRAMS\jmjp スタジオ.lnk"

  ; The file type: .jmjp is left to another program when one has taken it since.
  ReadRegStr $R0 SHCTX "Software\Classes\.jmjp" ""
  ${If} $R0 == "${PROGID}"
    DeleteRegValue SHCTX "Software\Classes\.jmjp" ""
    DeleteRegValue SHCTX "Software\Classes\.jmjp" "Content Type"
    DeleteRegValue SHCTX "Software\Classes\.jmjp" "PerceivedType"
  ${EndIf}
  DeleteRegValue SHCTX "Software\Classes\.jmjp\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty SHCTX "Software\Classes\.jmjp\OpenWithProgids"
  DeleteRegKey /ifempty SHCTX "Software\Classes\.jmjp"
  DeleteRegKey SHCTX "Software\Classes\${PROGID}"
  DeleteRegKey SHCTX "Software\Classes\Applications\jmjp-studiow.exe"
  DeleteRegKey SHCTX "${UNINSTALL_KEY}"

  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
