<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
  <context>
    <name>SpatialPrivacy</name>
    <message>
      <location filename="plugin.py" line="52" />
      <source>Copy the example models to my models (to edit them)</source>
      <translation>Copier les modèles d'exemple dans mes modèles (pour les modifier)</translation>
    </message>
    <message>
      <location filename="plugin.py" line="55" />
      <source>Spatial Privacy</source>
      <translation>Confidentialité spatiale</translation>
    </message>
    <message>
      <location filename="plugin.py" line="67" />
      <source>The example models could not be copied: {error}</source>
      <translation>Les modèles d'exemple n'ont pas pu être copiés : {error}</translation>
    </message>
    <message>
      <location filename="plugin.py" line="72" />
      <source>{count} example model(s) copied to {folder}: they are under Models in the Processing toolbox, where Edit Model… opens them in the Model Designer.</source>
      <translation>{count} modèle(s) d'exemple copié(s) dans {folder} : ils sont sous Modèles dans la boîte à outils de traitements, où Éditer le modèle… les ouvre dans le modeleur graphique.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="104" />
      <source>The p-table {path} cannot be opened as a table.</source>
      <translation>La p-table {path} ne peut pas être ouverte comme une table.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="112" />
      <source>Give a p-table or D, V and JS, not both: the p-table already fixes the noise.</source>
      <translation>Indiquez une table p ou D, V et JS, pas les deux : la table p fixe déjà le bruit.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="119" />
      <source>The p-table is the one the policy approves.</source>
      <translation>La table p est celle qu'approuve la politique.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="127" />
      <source>The p-table is built from D = {d:g}, V = {v:g}, JS = {js:g} (where not given: the policy's minimums, else the plugin's defaults).</source>
      <translation>La table p est construite à partir de D = {d:g}, V = {v:g}, JS = {js:g} (à défaut : les minimums de la politique, sinon les valeurs par défaut de l'extension).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="135" />
      <source>Cell key grid (perturbed counts)</source>
      <translation>Grille à clé de cellule (effectifs perturbés)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="136" />
      <source>Square cells with the number of distinct people in each, every cell published with small, bounded, unbiased noise that is the same for the same people in every release (the cell key method).</source>
      <translation>Des cellules carrées avec le nombre de personnes distinctes dans chacune, toutes publiées avec un bruit petit, borné et sans biais, le même pour les mêmes personnes dans chaque diffusion (la méthode de la clé de cellule).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="139" />
      <source>privacy,disclosure,cell key method,ckm,perturbation,noise,grid,census grid</source>
      <translation>confidentialité,divulgation,méthode de la clé de cellule,ckm,perturbation,bruit,grille,grille du recensement</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="160" />
      <source>Record key field (empty: keys from the key file)</source>
      <translation>Champ de clé d'enregistrement (vide : clés du fichier de clé)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="163" />
      <source>Secret key file (one of it or a record key; never publish)</source>
      <translation>Fichier de clé secrète (ou clé d'enregistrement ; ne pas publier)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="167" />
      <source>p-table (empty: the policy's, or built from D, V, JS)</source>
      <translation>Table p (vide : celle de la politique, ou construite depuis D, V, JS)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="170" />
      <source>D: largest noise (empty: policy minimum or 3; secret)</source>
      <translation>D : bruit maximal (vide : minimum de la politique ou 3 ; secret)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="173" />
      <source>V: noise variance (empty: policy minimum or 2)</source>
      <translation>V : variance du bruit (vide : minimum de la politique ou 2)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="176" />
      <source>JS: counts 1..JS blocked (empty: policy minimum or 0)</source>
      <translation>JS : effectifs 1..JS bloqués (vide : minimum de la politique ou 0)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="179" />
      <source>Cell size (metres)</source>
      <translation>Taille de maille (mètres)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="183" />
      <source>Study area (empty cells inside it are published as 0)</source>
      <translation>Zone d'étude (les mailles vides qu'elle contient sont publiées à 0)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="186" />
      <source>Policy file (TOML or JSON)</source>
      <translation>Fichier de politique (TOML ou JSON)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="187" />
      <source>Policy files (*.toml *.json)</source>
      <translation>Fichiers de politique (*.toml *.json)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="189" />
      <source>Perturbed grid</source>
      <translation>Grille perturbée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="191" />
      <source>Utility (errors against the true counts; data holder only)</source>
      <translation>Utilité (erreurs sur les vrais effectifs ; détenteur seulement)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="194" />
      <source>Audit: the attacker's intervals (data holder only)</source>
      <translation>Audit : intervalles de l'attaquant (détenteur seulement)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="197" />
      <source>Audit: published parent cells, in cells wide</source>
      <translation>Audit : mailles parentes publiées, en nombre de mailles</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="199" />
      <source>Published cells</source>
      <translation>Mailles publiées</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="201" />
      <source>Cells whose attacker interval is narrower than p</source>
      <translation>Cellules dont l'intervalle de l'attaquant est plus étroit que p</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="203" />
      <source>Cells an attacker pins while they could hold 1..k-1 (the gate fails these)</source>
      <translation>Mailles qu'un attaquant fixe alors qu'elles pourraient compter 1..k-1 (le contrôle les refuse)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="205" />
      <source>Key fingerprint</source>
      <translation>Empreinte de la clé</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="206" />
      <source>p-table hash</source>
      <translation>Empreinte de la table p</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="225" />
      <source>Record keys from the field '{field}'.</source>
      <translation>Clés d'enregistrement issues du champ « {field} ».</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="230" />
      <source>A new secret key was created in {path} (256 random bits). Keep it secret and safe, and give the same file to every release of the programme: another key gives every cell other noise, and releases under two keys can be differenced.</source>
      <translation>Une nouvelle clé secrète a été créée dans {path} (256 bits aléatoires). Gardez-la secrète et en lieu sûr, et donnez le même fichier à chaque diffusion du programme : une autre clé donne à chaque cellule un autre bruit, et des diffusions sous deux clés peuvent être différenciées.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="255" />
      <source>Give the programme's secret key file (a new path creates one) or a record key field: the noise of each cell comes from its people's keys.</source>
      <translation>Donnez le fichier de clé secrète du programme (un nouveau chemin en crée un) ou un champ de clé d'enregistrement : le bruit de chaque cellule vient des clés de ses personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="261" />
      <source>The key file must outlive the run (every release of the programme uses the same key): choose a path outside QGIS's temporary folder.</source>
      <translation>Le fichier de clé doit survivre à l'exécution (chaque diffusion du programme utilise la même clé) : choisissez un chemin hors du dossier temporaire de QGIS.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="28" />
      <source>Key files (*.key);;All files (*)</source>
      <translation>Fichiers de clé (*.key);;Tous les fichiers (*)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="290" />
      <source>The attribute field(s) {fields} share a name with an output field; rename them in a copy of the layer first.</source>
      <translation>Le(s) champ(s) d'attributs {fields} portent le nom d'un champ de sortie ; renommez-les d'abord dans une copie de la couche.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="309" />
      <source>{count} empty cells inside the study area are published as 0.</source>
      <translation>{count} cellules vides dans la zone d'étude sont publiées à 0.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="338" />
      <source>{count} cells published with cell key noise (key {fingerprint}). Publish neither D nor the key file; the p-table hash identifies the noise rule.</source>
      <translation>{count} cellules publiées avec le bruit de la clé de cellule (clé {fingerprint}). Ne publiez ni D ni le fichier de clé ; l'empreinte de la table p identifie la règle de bruit.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="350" />
      <source>True zeros need a grid without published attribute fields: an empty cell x attribute combination is not a structural zero.</source>
      <translation>Les vrais zéros exigent une grille sans champs d'attributs publiés : une combinaison maille × attribut vide n'est pas un zéro structurel.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="355" />
      <source>The study area has no polygon.</source>
      <translation>La zone d'étude n'a aucun polygone.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="400" />
      <source>The audit holds the {count} parent cells of {size:g} m published beside the grid.</source>
      <translation>L'audit tient compte des {count} mailles parentes de {size:g} m publiées à côté de la grille.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="409" />
      <source>Audit (an attacker who knows D and the p-table): {count} cell(s) have an interval narrower than p = {p:g}; {pinned} that could hold 1..k - 1 are pinned (the gate fails those).</source>
      <translation>Audit (un attaquant qui connaît D et la p-table) : {count} maille(s) ont un intervalle plus étroit que p = {p:g} ; {pinned} qui pourraient compter 1..k - 1 sont fixées (le contrôle les refuse).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="414" />
      <source>This cell key release, beside the totals audited with it, pins {pinned} cell(s) that could hold 1..k - 1: the gate will fail it.</source>
      <translation>Cette diffusion par clés de cellule, à côté des totaux audités avec elle, fixe {pinned} maille(s) qui pourraient compter 1..k - 1 : le contrôle la refusera.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="43" />
      <source>The p-table lacks the columns i, j and p: give a table in the ptable format (i, j, p, v, p_int_lb, p_int_ub), e.g. the output of the perturbation table algorithm, or in ONS's format (pcv, ckey, pvalue).</source>
      <translation>La table p n'a pas les colonnes i, j et p : donnez une table au format ptable (i, j, p, v, p_int_lb, p_int_ub), par exemple la sortie de l'algorithme de table de perturbation, ou au format de l'ONS (pcv, ckey, pvalue).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/cell_key_grid.py" line="82" />
      <source>The cell key comparison uses a one-off random key (never written): its figures vary a little from run to run.</source>
      <translation>La comparaison avec la clé de cellule utilise une clé aléatoire à usage unique (jamais écrite) : ses chiffres varient un peu d'une exécution à l'autre.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="122" />
      <source>Log-linear model (main effects), sampling fraction {fraction}: {expected:.1f} sample uniques are expected to be population uniques.</source>
      <translation>Modèle log-linéaire (effets principaux), taux de sondage {fraction} : {expected:.1f} uniques de l'échantillon devraient être uniques dans la population.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="130" />
      <source>{share} of records have no other record within 0.1 standard deviations of their continuous keys.</source>
      <translation>{share} des enregistrements n'ont aucun autre enregistrement à moins de 0,1 écart-type de leurs clés continues.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="138" />
      <source>The input already has the field(s) {fields}: rename them in a copy first.</source>
      <translation>L'entrée a déjà le(s) champ(s) {fields} : renommez-les d'abord dans une copie.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="151" />
      <source>{uniques} sample unique(s), {rare} sample rare; expected re-identifications {expected:.2f} ({rate} of {n} records); {above} record(s) above {threshold}; highest risk {highest}.</source>
      <translation>{uniques} unique(s) dans l'échantillon, {rare} rare(s) ; ré-identifications attendues {expected:.2f} ({rate} de {n} enregistrements) ; {above} enregistrement(s) au-dessus de {threshold} ; risque maximal {highest}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="19" />
      <source>Record disclosure risk</source>
      <translation>Risque de divulgation par enregistrement</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="20" />
      <source>Sample and population uniqueness, individual risk with sampling weights, household and global risk, and rareness of continuous keys, for every record.</source>
      <translation>Unicité dans l'échantillon et dans la population, risque individuel avec poids de sondage, risque ménage et global, et rareté des clés continues, pour chaque enregistrement.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="23" />
      <source>privacy,disclosure,risk,uniqueness,individual risk,household,microdata,sdc</source>
      <translation>confidentialité,divulgation,risque,unicité,risque individuel,ménage,microdonnées,secret statistique</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="41" />
      <source>Records (points or a table)</source>
      <translation>Enregistrements (points ou table)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="44" />
      <source>Continuous keys (e.g. income, exact age)</source>
      <translation>Clés continues (par ex. revenu, âge exact)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="48" />
      <source>Sample rare below this frequency (α)</source>
      <translation>Rare dans l'échantillon sous cette fréquence (α)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="51" />
      <source>Count records whose risk exceeds</source>
      <translation>Compter les enregistrements dont le risque dépasse</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="54" />
      <source>Records with risk measures</source>
      <translation>Enregistrements avec mesures de risque</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="57" />
      <source>Estimate population uniqueness (log-linear; needs weights)</source>
      <translation>Estimer l'unicité dans la population (log-linéaire ; exige des poids)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="59" />
      <source>Expected re-identifications</source>
      <translation>Ré-identifications attendues</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="60" />
      <source>Re-identification rate</source>
      <translation>Taux de ré-identification</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="61" />
      <source>Records above the risk threshold</source>
      <translation>Enregistrements au-dessus du seuil de risque</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="62" />
      <source>Highest record risk</source>
      <translation>Risque individuel maximal</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="63" />
      <source>Expected population uniques</source>
      <translation>Uniques attendus dans la population</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="80" />
      <source>Records written feature by feature through QGIS.</source>
      <translation>Enregistrements écrits entité par entité par QGIS.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="94" />
      <source>The input layer could not be opened.</source>
      <translation>La couche d'entrée n'a pas pu être ouverte.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/disclosure_risk.py" line="99" />
      <source>Estimating population uniqueness needs the sampling weight field.</source>
      <translation>L'estimation de l'unicité dans la population exige le champ de poids de sondage.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="112" />
      <source>Give either an extent or a study area (not both, not neither): a differentially private release publishes every cell of a domain fixed in advance, since a domain drawn around the data would give people away.</source>
      <translation>Donnez soit une emprise, soit une zone d'étude (pas les deux, ni aucune) : une diffusion différentiellement privée publie chaque maille d'un domaine fixé d'avance, car un domaine tracé autour des données trahirait des personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="18" />
      <source>discrete Laplace (pure ε-DP)</source>
      <translation>Laplace discrète (ε-DP pure)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="19" />
      <source>discrete Gaussian (ρ-zCDP; ε stated at the policy's δ)</source>
      <translation>gaussienne discrète (ρ-zCDP ; ε énoncé au δ de la politique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="200" />
      <source>ε spent by {dataset}: {spent:.4g} of {budget:g} ({remaining:.4g} left). Ledger head: entry {seq}, {head}; the grid carries it in its ledger_seq and ledger_head fields.</source>
      <translation>ε dépensé par {dataset} : {spent:.4g} sur {budget:g} (reste {remaining:.4g}). Tête du registre : entrée {seq}, {head} ; la grille la porte dans ses champs ledger_seq et ledger_head.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="236" />
      <source>The output could not be created.</source>
      <translation>La sortie n'a pas pu être créée.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="248" />
      <source>DP release REFUSED for {dataset} / {release}: {problems}</source>
      <translation>Diffusion DP REFUSÉE pour {dataset} / {release} : {problems}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="255" />
      <source>{size:g} m: ε {epsilon:.4g}{rho}, noise variance {variance:.4g}, 95 % of the noise within ±{accuracy} people, mean absolute noise {mae:.3g}.</source>
      <translation>{size:g} m : ε {epsilon:.4g}{rho}, variance du bruit {variance:.4g}, 95 % du bruit à ±{accuracy} personnes, bruit absolu moyen {mae:.3g}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="261" />
      <source>The budget is split equally across the {count} levels; each person counts in at most {m} cell(s) per level.</source>
      <translation>Le budget est partagé également entre les {count} niveaux ; chaque personne compte dans au plus {m} maille(s) par niveau.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="265" />
      <source>Bias of the released counts against the true ones, for the data holder only (not differentially private: never publish it):</source>
      <translation>Biais des comptes diffusés par rapport aux vrais, pour le détenteur des données seulement (pas différentiellement privé : ne le publiez jamais) :</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="268" />
      <source>  {size:g} m, true count {kind}: {cells} cells, mean error {error:+.2f}, mean absolute error {mae:.2f}</source>
      <translation>  {size:g} m, vrai compte {kind} : {cells} mailles, erreur moyenne {error:+.2f}, erreur absolue moyenne {mae:.2f}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="273" />
      <source>Some points lie outside the extent or study area: they are not counted.</source>
      <translation>Des points sont hors de l'emprise ou de la zone d'étude : ils ne sont pas comptés.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="276" />
      <source>The noise was drawn from the given seed: anyone who holds the seed (or finds it in a saved model or the Processing history) can remove it. Use a seed only to reproduce a test; leave it empty for a release.</source>
      <translation>Le bruit a été tiré de la graine donnée : quiconque détient la graine (ou la trouve dans un modèle enregistré ou l'historique de Processing) peut le retirer. N'utilisez une graine que pour reproduire un test ; laissez-la vide pour une diffusion.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="30" />
      <source>Differentially private grid</source>
      <translation>Grille différentiellement privée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="31" />
      <source>Noisy counts of distinct people in every cell of a fixed extent at several nested sizes, from exact integer noise (discrete Laplace or Gaussian); the ε spent is recorded in the release ledger and a release over the budget is refused before any noise is drawn.</source>
      <translation>Comptes bruités de personnes distinctes dans chaque maille d'une emprise fixée, à plusieurs tailles emboîtées, avec un bruit entier exact (Laplace ou gaussienne discrète) ; l'ε dépensé est enregistré dans le registre des diffusions et une diffusion au-delà du budget est refusée avant tout tirage de bruit.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="35" />
      <source>privacy,differential privacy,dp,epsilon,budget,noise,laplace,gaussian,grid,ledger</source>
      <translation>confidentialité,confidentialité différentielle,dp,epsilon,budget,bruit,laplace,gaussienne,grille,registre</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="56" />
      <source>ε of this release (smaller: more private, noisier)</source>
      <translation>ε de cette diffusion (plus petit : plus protecteur, plus bruité)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="59" />
      <source>Mechanism</source>
      <translation>Mécanisme</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="62" />
      <source>Cells a person may count in, per level (m)</source>
      <translation>Mailles où une personne peut compter, par niveau (m)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="65" />
      <source>Nested cell sizes in metres (the budget is split equally)</source>
      <translation>Tailles de maille emboîtées en mètres (budget partagé également)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="68" />
      <source>Extent released (one of it or a study area)</source>
      <translation>Emprise diffusée (l'une des deux : elle ou une zone d'étude)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="71" />
      <source>Study area released (one of it or an extent)</source>
      <translation>Zone d'étude diffusée (l'une des deux : elle ou une emprise)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="75" />
      <source>Grid origin (lower-left corner; empty: automatic)</source>
      <translation>Origine de la grille (coin inférieur gauche ; vide : automatique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="77" />
      <source>Policy file (epsilon_budget; delta for the Gaussian)</source>
      <translation>Fichier de politique (epsilon_budget ; delta pour la gaussienne)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="81" />
      <source>Seed, only to reproduce a test (leave empty)</source>
      <translation>Graine, seulement pour reproduire un test (laisser vide)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="87" />
      <source>ε spent by the dataset's DP releases</source>
      <translation>ε dépensé par les diffusions DP du jeu de données</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="89" />
      <source>ε remaining in the dataset's budget</source>
      <translation>ε restant dans le budget du jeu de données</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/dp_grid.py" line="90" />
      <source>Ledger head hash</source>
      <translation>Hachage de tête du registre</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="17" />
      <source>Donut geomask</source>
      <translation>Géomasque en anneau</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="18" />
      <source>Moves every point in a random direction by a distance between a minimum and a maximum radius, uniformly over the ring's area.</source>
      <translation>Déplace chaque point dans une direction aléatoire d'une distance comprise entre un rayon minimal et un rayon maximal, uniformément sur la surface de l'anneau.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="20" />
      <source>privacy,geomask,donut,displacement,masking,anonymisation,release</source>
      <translation>confidentialité,géomasque,anneau,déplacement,masquage,anonymisation,diffusion</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="32" />
      <source>Points to mask (metric CRS)</source>
      <translation>Points à masquer (SCR métrique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="34" />
      <source>Minimum displacement</source>
      <translation>Déplacement minimal</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="37" />
      <source>Maximum displacement</source>
      <translation>Déplacement maximal</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="44" />
      <source>Fields to keep (empty: none)</source>
      <translation>Champs à conserver (vide : aucun)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="47" />
      <source>Masked points</source>
      <translation>Points masqués</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="58" />
      <source>Multipoint features would be masked part by part: explode them first (each part a record).</source>
      <translation>Les entités multipoints seraient masquées partie par partie : éclatez-les d'abord (chaque partie un enregistrement).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="69" />
      <source>The mask was drawn from the given seed: anyone who holds the seed (or finds it in a saved model or the Processing history) can undo the displacement. Use a seed only to reproduce a test; leave it empty for a release.</source>
      <translation>Le masque a été tiré à partir de la graine donnée : quiconque détient la graine (ou la trouve dans un modèle enregistré ou l'historique de Processing) peut annuler le déplacement. N'utilisez une graine que pour reproduire un test ; laissez-la vide pour une diffusion.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="74" />
      <source>Kept fields: {fields}. Any of them that identifies a person (an id, a truth field) links the masked points back to the people; keep such a field only to test the mask.</source>
      <translation>Champs conservés : {fields}. Tout champ qui identifie une personne (un identifiant, un champ de vérité) relie les points masqués aux personnes ; ne gardez un tel champ que pour tester le masque.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="81" />
      <source>The input already has the field(s) {fields}: leave them out of the fields to keep.</source>
      <translation>L'entrée a déjà le(s) champ(s) {fields} : retirez-les des champs à conserver.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/geomask.py" line="96" />
      <source>{count} points displaced by {low:g} to {high:g} m (uniform over the ring's area). Quote the radii in the methodology note; never publish the seed.</source>
      <translation>{count} points déplacés de {low:g} à {high:g} m (uniformément sur la surface de l'anneau). Citez les rayons dans la note méthodologique ; ne publiez jamais la graine.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="100" />
      <source>Largest stale-position error</source>
      <translation>Plus grande erreur de position périmée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="103" />
      <source>Auxiliary coverage weight (targets weighted by it)</source>
      <translation>Poids de couverture auxiliaire (les cibles en sont pondérées)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="107" />
      <source>Random seed</source>
      <translation>Graine aléatoire</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="110" />
      <source>Where the auxiliary data came from, its coverage and cost</source>
      <translation>Provenance des données auxiliaires, leur couverture et leur coût</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="114" />
      <source>Escalation table</source>
      <translation>Table d'escalade</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="116" />
      <source>Targets with their candidate counts</source>
      <translation>Cibles avec leur nombre de candidats</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="119" />
      <source>Escalation chart</source>
      <translation>Graphique d'escalade</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="119" />
      <source>HTML files (*.html)</source>
      <translation>Fichiers HTML (*.html)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="122" />
      <source>Report</source>
      <translation>Rapport</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="122" />
      <source>HTML files (*.html);;Markdown files (*.md)</source>
      <translation>Fichiers HTML (*.html);;Fichiers Markdown (*.md)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="125" />
      <source>Sequential releases: other releases of the same subjects</source>
      <translation>Diffusions successives : autres diffusions des mêmes sujets</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="128" />
      <source>Sequential releases: field linking a subject's records</source>
      <translation>Diffusions successives : champ reliant les enregistrements d'un sujet</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="130" />
      <source>π unique at the last step</source>
      <translation>π unique à la dernière étape</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="131" />
      <source>π correct at the last step</source>
      <translation>π correct à la dernière étape</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="132" />
      <source>π marketer at the last step</source>
      <translation>π prospecteur à la dernière étape</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="133" />
      <source>Precision at the last step</source>
      <translation>Précision à la dernière étape</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="152" />
      <source>The escalation chart is an HTML page (drawn with plotly, as the sweep's): give a path ending in .html instead of {path}. Nothing was written.</source>
      <translation>Le graphique d'escalade est une page HTML (tracée avec plotly, comme celle du balayage) : indiquez un chemin se terminant par .html au lieu de {path}. Rien n'a été écrit.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="160" />
      <source>Sequential releases need the link field: the published id that ties a subject's records across releases.</source>
      <translation>Les diffusions successives exigent le champ de liaison : l'identifiant publié qui relie les enregistrements d'un sujet d'une diffusion à l'autre.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="179" />
      <source>Multipoint features cannot be joined one to one: explode them first (each part a record).</source>
      <translation>Les entités multipoints ne peuvent pas être appariées une à une : éclatez-les d'abord (chaque partie un enregistrement).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="192" />
      <source>{count} auxiliary record(s) have a NULL coverage weight: fill them in.</source>
      <translation>{count} enregistrement(s) auxiliaire(s) ont un poids de couverture NULL : renseignez-les.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="21" />
      <source>believed re-identified (π unique)</source>
      <translation>cru ré-identifié (π unique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="22" />
      <source>really re-identified (π correct)</source>
      <translation>vraiment ré-identifié (π correct)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="23" />
      <source>random guess in candidate set (π marketer)</source>
      <translation>tirage au hasard parmi les candidats (π prospecteur)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="244" />
      <source>The quasi-identifier '{field}' is {release_type} in the release but {other_type} in the layer '{layer}': values would never match. Convert one of them (in a copy) so that both have the same type.</source>
      <translation>Le quasi-identifiant '{field}' est de type {release_type} dans la diffusion mais {other_type} dans la couche '{layer}' : les valeurs ne correspondraient jamais. Convertissez l'un des deux (dans une copie) pour qu'ils aient le même type.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="26" />
      <source>the share of targets with exactly one candidate in the release within the radius and with the same attributes: what the adversary believes they re-identified.</source>
      <translation>la part des cibles qui ont exactement un candidat dans la diffusion, dans le rayon et avec les mêmes attributs : ce que l'adversaire croit avoir ré-identifié.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="272" />
      <source>{count} released record(s) have a NULL link id in '{field}': every record of a sequential release needs the id that ties it to its subject.</source>
      <translation>{count} enregistrement(s) diffusé(s) ont un identifiant de liaison NULL dans '{field}' : chaque enregistrement d'une diffusion successive a besoin de l'identifiant qui le relie à son sujet.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="277" />
      <source>Joined against {count} releases of the same subjects, linked by '{field}': a subject stays a candidate only if every release it appears in places it within the radius.</source>
      <translation>Jointure avec {count} diffusions des mêmes sujets, reliées par '{field}' : un sujet reste candidat seulement si chaque diffusion où il apparaît le place dans le rayon.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="29" />
      <source>the share of targets whose single candidate really is them: what the adversary really re-identified (known only with the held-out truth ids).</source>
      <translation>la part des cibles dont l'unique candidat est bien elles-mêmes : ce que l'adversaire a vraiment ré-identifié (connu seulement avec les identifiants de vérité mis de côté).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="297" />
      <source>No provenance was given for the auxiliary data: say where it came from, its coverage and its cost, or the figures cannot be weighed.</source>
      <translation>Aucune provenance n'a été donnée pour les données auxiliaires : indiquez d'où elles viennent, leur couverture et leur coût, sinon les chiffres ne peuvent être appréciés.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="305" />
      <source>unknown</source>
      <translation>inconnu</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="309" />
      <source>undefined (no single candidate)</source>
      <translation>non définie (aucun candidat unique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="31" />
      <source>π marketer</source>
      <translation>π prospecteur</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="31" />
      <source>the mean over targets of 1 / (number of candidates), 0 for a target without one: the share re-identified by picking a candidate at random.</source>
      <translation>la moyenne sur les cibles de 1 / (nombre de candidats), 0 pour une cible sans candidat : la part ré-identifiée en choisissant un candidat au hasard.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="316" />
      <source>location</source>
      <translation>lieu</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="319" />
      <source>{attributes}: π unique {unique}, π correct {correct}, π marketer {marketer}, precision {precision}; median candidates {median:g}, {none} target(s) with no candidate.</source>
      <translation>{attributes} : π unique {unique}, π correct {correct}, π prospecteur {marketer}, précision {precision} ; médiane des candidats {median:g}, {none} cible(s) sans candidat.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="33" />
      <source>precision</source>
      <translation>précision</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="33" />
      <source>π correct / π unique: how often a confident match is right; a wrong match harms the person it lands on. Undefined where no target has a single candidate.</source>
      <translation>π correct / π unique : la fréquence à laquelle un appariement sûr de lui est juste ; un appariement faux nuit à la personne sur qui il tombe. Non définie quand aucune cible n'a de candidat unique.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="332" />
      <source>No policy was given: the figures are not compared with a ceiling.</source>
      <translation>Aucune politique n'a été donnée : les chiffres ne sont comparés à aucun plafond.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="335" />
      <source>With every attribute tried ({attributes}) the adversary stays at or below ρ = {rho}.</source>
      <translation>Avec tous les attributs essayés ({attributes}), l'adversaire reste au plus à ρ = {rho}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="338" />
      <source>An adversary crosses the policy's ceiling with {attributes}: {figure} = {value}, above ρ = {rho}.</source>
      <translation>Un adversaire dépasse le plafond de la politique avec {attributes} : {figure} = {value}, au-dessus de ρ = {rho}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="370" />
      <source>Re-identification as the adversary adds attributes</source>
      <translation>Ré-identification à mesure que l'adversaire ajoute des attributs</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="371" />
      <source>share of targets</source>
      <translation>part des cibles</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="371" />
      <source>what the adversary knows</source>
      <translation>ce que sait l'adversaire</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="372" />
      <source>ceiling ρ = {rho}</source>
      <translation>plafond ρ = {rho}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="378" />
      <source>attributes</source>
      <translation>attributs</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="379" />
      <source>median candidates</source>
      <translation>candidats (médiane)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="379" />
      <source>no candidate</source>
      <translation>sans candidat</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="386" />
      <source>The adversary joins {targets} identified target(s) to the release within {radius:g} m, adding one attribute at a time.</source>
      <translation>L'adversaire apparie {targets} cible(s) identifiée(s) à la diffusion dans un rayon de {radius:g} m, en ajoutant un attribut à la fois.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="389" />
      <source>Auxiliary data: {provenance}</source>
      <translation>Données auxiliaires : {provenance}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="390" />
      <source>provenance not stated</source>
      <translation>provenance non indiquée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="415" />
      <source>What the figures mean</source>
      <translation>Ce que signifient les chiffres</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="47" />
      <source>Join simulation</source>
      <translation>Simulation de jointure</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="48" />
      <source>Runs the adversary's join of an identified auxiliary layer against a masked release and reports how many people it singles out, and how many of those correctly, as attributes are added.</source>
      <translation>Exécute la jointure de l'adversaire entre une couche auxiliaire identifiée et une diffusion masquée, et indique combien de personnes elle isole, et combien à juste titre, à mesure que des attributs sont ajoutés.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="51" />
      <source>privacy,disclosure,linkage,re-identification,attack,join,geomask,escalation</source>
      <translation>confidentialité,divulgation,appariement,ré-identification,attaque,jointure,géomasque,escalade</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="79" />
      <source>Masked release (points, metric CRS)</source>
      <translation>Diffusion masquée (points, SCR métrique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="82" />
      <source>Auxiliary identified layer (points the adversary holds)</source>
      <translation>Couche auxiliaire identifiée (points que détient l'adversaire)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="85" />
      <source>Mask radius the adversary assumes (a closed disc)</source>
      <translation>Rayon de masquage supposé par l'adversaire (disque fermé)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="88" />
      <source>Quasi-identifiers, in the order the adversary adds them</source>
      <translation>Quasi-identifiants, dans l'ordre où l'adversaire les ajoute</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="91" />
      <source>Release: held-out subject id (truth)</source>
      <translation>Diffusion : identifiant réservé de la personne (vérité)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="94" />
      <source>Auxiliary: subject id (truth)</source>
      <translation>Auxiliaire : identifiant de la personne (vérité)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/join_simulation.py" line="97" />
      <source>Share of auxiliary records with a stale position</source>
      <translation>Part des enregistrements auxiliaires à position périmée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="102" />
      <source>Audit: number of people the release states</source>
      <translation>Audit : nombre de personnes indiqué par la diffusion</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="105" />
      <source>Audit: how the records relate to that number</source>
      <translation>Audit : relation entre les enregistrements et ce nombre</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="107" />
      <source>Passed</source>
      <translation>Réussi</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="109" />
      <source>Fewest distinct sensitive values in a published cell</source>
      <translation>Plus petit nombre de valeurs sensibles distinctes d'une maille publiée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="111" />
      <source>Largest t-closeness distance of a published cell</source>
      <translation>Plus grande distance de t-proximité d'une maille publiée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="113" />
      <source>Narrowest attacker interval of a withheld record</source>
      <translation>Plus étroit intervalle d'attaque d'un enregistrement masqué</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="114" />
      <source>Smallest published count</source>
      <translation>Plus petit effectif publié</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="115" />
      <source>Published records checked</source>
      <translation>Enregistrements publiés contrôlés</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="116" />
      <source>k</source>
      <translation>k</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="118" />
      <source>Failing records (written only when the gate fails)</source>
      <translation>Enregistrements en échec (écrits seulement quand le contrôle échoue)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="141" />
      <source>Choose the field that holds the counts.</source>
      <translation>Choisissez le champ qui contient les effectifs.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="15" />
      <source>each person has one point: the records add up to it</source>
      <translation>chaque personne a un point : les enregistrements s'additionnent à ce nombre</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="153" />
      <source>l-diversity and t-closeness need the cell id field and the sensitive attribute field.</source>
      <translation>La l-diversité et la t-proximité exigent le champ identifiant de maille et le champ de l'attribut sensible.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="16" />
      <source>people may have several points: the records add up to at least it</source>
      <translation>une personne peut avoir plusieurs points : les enregistrements s'additionnent à au moins ce nombre</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="167" />
      <source>The count field '{field}' is not numeric ({type}): the gate needs counts of people. Choose a numeric field, or convert it with the field calculator in a copy.</source>
      <translation>Le champ de comptage « {field} » n'est pas numérique ({type}) : le contrôle a besoin d'effectifs de personnes. Choisissez un champ numérique, ou convertissez-le avec la calculatrice de champ dans une copie.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="209" />
      <source>k-anonymity gate FAILED (k = {k}, policy {hash}): {problems}</source>
      <translation>ÉCHEC du contrôle de k-anonymat (k = {k}, politique {hash}) : {problems}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="212" />
      <source>k-anonymity gate passed: {checked} published record(s), all with at least k = {k} people.</source>
      <translation>Contrôle de k-anonymat réussi : {checked} enregistrement(s) publié(s), tous avec au moins k = {k} personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="24" />
      <source>k-anonymity gate</source>
      <translation>Contrôle de k-anonymat</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="25" />
      <source>Blocks the release (and stops the model) when any published record counts fewer than k people; passes the layer through unchanged otherwise.</source>
      <translation>Bloque la diffusion (et arrête le modèle) si un enregistrement publié compte moins de k personnes ; sinon transmet la couche inchangée.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="255" />
      <source>feature {id}</source>
      <translation>entité {id}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="257" />
      <source>Failing records: {records}</source>
      <translation>Enregistrements en échec : {records}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="259" />
      <source>{named} and {more} more</source>
      <translation>{named} et {more} autres</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="267" />
      <source> (give a file for the failing records layer to get all of them).</source>
      <translation> (indiquez un fichier pour la couche des enregistrements en échec afin de les obtenir tous).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="27" />
      <source>privacy,disclosure,k-anonymity,gate,check,release,model</source>
      <translation>confidentialité,divulgation,k-anonymat,contrôle,vérification,diffusion,modèle</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="285" />
      <source> (a temporary failing records layer is lost when the gate fails: choose a file for it).</source>
      <translation> (une couche temporaire des enregistrements en échec est perdue quand le contrôle échoue : choisissez un fichier).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="287" />
      <source> (all {count} in {path}).</source>
      <translation> (tous les {count} dans {path}).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="340" />
      <source>The number of people, {n}, is read from the layer's metadata (written by the grid).</source>
      <translation>Le nombre de personnes, {n}, est lu dans les métadonnées de la couche (écrites par la grille).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="344" />
      <source>The policy keeps the number of people secret, yet the layer's metadata states it (the grid ran under another policy): run the grid under this one.</source>
      <translation>La politique garde secret le nombre de personnes, mais les métadonnées de la couche l'indiquent (la grille a été produite sous une autre politique) : relancez la grille sous celle-ci.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="348" />
      <source>The policy keeps the number of people secret (population_total_secret = true), yet the gate was given one: a number that is published is no secret. Change the policy, or leave the number of people empty.</source>
      <translation>La politique garde secret le nombre de personnes (population_total_secret = true), mais la porte en a reçu un : un nombre publié n'est pas un secret. Modifiez la politique, ou laissez le nombre de personnes vide.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="355" />
      <source>The audit does not know the number of people in the release: an attacker who reads it (in a table, a report, the log of the grid) may narrow withheld cells further. Give it in 'number of people the release states', or declare population_total_secret = true in the policy if it is never published.</source>
      <translation>L'audit ne connaît pas le nombre de personnes de la diffusion : un attaquant qui le lit (dans une table, un rapport, le journal de la grille) peut resserrer davantage les cellules masquées. Indiquez-le dans « nombre de personnes indiqué par la diffusion », ou déclarez population_total_secret = true dans la politique s'il n'est jamais publié.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="362" />
      <source>The number of people the release states is {total:g}, not a whole number of 0 or more: give the count of distinct people.</source>
      <translation>Le nombre de personnes qu'indique la diffusion est {total:g}, pas un nombre entier positif ou nul : donnez le nombre de personnes distinctes.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="387" />
      <source>the published total</source>
      <translation>le total publié</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="398" />
      <source>grand total</source>
      <translation>total général</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="405" />
      <source>Audit: {count} total(s) from the layer's own totals columns.</source>
      <translation>Audit : {count} total(s) tiré(s) des colonnes de totaux de la couche elle-même.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="411" />
      <source>Auditing against other layers needs the geometry of the records to publish; the input is a table. Give the grid layer itself.</source>
      <translation>L'audit par rapport à d'autres couches a besoin de la géométrie des enregistrements à publier ; l'entrée est une table. Donnez la couche de grille elle-même.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="418" />
      <source>The audit layer '{layer}' has no field '{field}': name its count field in the audit count field.</source>
      <translation>La couche d'audit « {layer} » n'a pas de champ « {field} » : indiquez son champ de comptage dans le champ de comptage d'audit.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="422" />
      <source>The audit count field '{field}' of '{layer}' is {kind}, not a number: name a numeric field of published totals, or convert it (in a copy).</source>
      <translation>Le champ de comptage d'audit « {field} » de « {layer} » est de type {kind}, pas un nombre : indiquez un champ numérique de totaux publiés, ou convertissez-le (dans une copie).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="429" />
      <source>Audit: {areas} published area count(s) from the audit layers; {records} record(s) in {atoms} pieces, {cells} of them cut by an area's border.</source>
      <translation>Audit : {areas} effectif(s) de zones publié(s) par les couches d'audit ; {records} enregistrement(s) en {atoms} morceaux, dont {cells} coupé(s) par la limite d'une zone.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="435" />
      <source>Audit: {strips} of those pieces are strips narrower than {width:.2g} m on the ground, between a border and the cell edge it follows: audited as able to hold people and again as empty.</source>
      <translation>Audit : {strips} de ces morceaux sont des bandes de moins de {width:.2g} m de large sur le terrain, entre une limite et le bord de cellule qu'elle suit : auditées comme pouvant contenir des personnes, puis comme vides.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="460" />
      <source>The audit read every count as the sum of its parts, as where each person has one point. Counts of distinct people with several points each (trips, visits) do not add up: set '{label}' (PERSONS_TOTAL_KIND) to '{several}'.</source>
      <translation>L'audit a lu chaque effectif comme la somme de ses parties, comme lorsque chaque personne a un seul point. Les effectifs de personnes distinctes ayant chacune plusieurs points (trajets, visites) ne s'additionnent pas : réglez « {label} » (PERSONS_TOTAL_KIND) sur « {several} ».</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="475" />
      <source>Audit: the counts contradict one value of the attribute fields per person, so the records of one cell are audited as possibly sharing people (an attribute of each point, such as the mode of a trip); a person-level attribute would be audited as adding up.</source>
      <translation>Audit : les effectifs contredisent une seule valeur des champs d'attribut par personne ; les enregistrements d'une même cellule sont donc audités comme pouvant partager des personnes (un attribut de chaque point, comme le mode d'un trajet) ; un attribut propre à la personne serait audité comme s'additionnant.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="482" />
      <source>Audit, knowing the number of people: narrowest attacker interval of a withheld record: {width:g} (p = {p:g}).</source>
      <translation>Audit, avec le nombre de personnes : plus étroit intervalle d'attaque d'un enregistrement masqué : {width:g} (p = {p:g}).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="484" />
      <source>Audit, without the number of people: narrowest attacker interval of a withheld record: {width:g} (p = {p:g}).</source>
      <translation>Audit, sans le nombre de personnes : plus étroit intervalle d'attaque d'un enregistrement masqué : {width:g} (p = {p:g}).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="59" />
      <source>Layer or table to publish</source>
      <translation>Couche ou table à publier</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="61" />
      <source>Count field (distinct people per record)</source>
      <translation>Champ de comptage (personnes distinctes par enregistrement)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="66" />
      <source>Status field (records not marked published are withheld)</source>
      <translation>Champ de statut (les enregistrements non « published » sont masqués)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="69" />
      <source>Checked layer (unchanged)</source>
      <translation>Couche contrôlée (inchangée)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="71" />
      <source>Audit: other layers published beside this one</source>
      <translation>Audit : autres couches publiées à côté de celle-ci</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="74" />
      <source>Audit: count field of those layers</source>
      <translation>Audit : champ de comptage de ces couches</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="77" />
      <source>Audit: published total over all records</source>
      <translation>Audit : total publié sur l'ensemble des enregistrements</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="81" />
      <source>Diversity: cell id field</source>
      <translation>Diversité : champ identifiant de maille</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="84" />
      <source>Diversity: sensitive attribute field</source>
      <translation>Diversité : champ de l'attribut sensible</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="87" />
      <source>Diversity: least distinct sensitive values per cell (l)</source>
      <translation>Diversité : minimum de valeurs sensibles distinctes par maille (l)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="90" />
      <source>Diversity: largest distance to the overall distribution (t)</source>
      <translation>Diversité : plus grande distance à la distribution d'ensemble (t)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="93" />
      <source>Diversity: the sensitive categories are ordered</source>
      <translation>Diversité : les modalités sensibles sont ordonnées</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="96" />
      <source>Stratum field (k per stratum from the policy's stratum_rho)</source>
      <translation>Champ de strate (k par strate d'après le stratum_rho de la politique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/kanonymity_gate.py" line="99" />
      <source>Series: earlier releases of this grid, oldest first</source>
      <translation>Série : diffusions antérieures de la grille, la plus ancienne d'abord</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="103" />
      <source>Comparison table (data holder only)</source>
      <translation>Table de comparaison (détenteur seul)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="106" />
      <source>Chart: error, distance and risk by cell size</source>
      <translation>Graphique : erreur, distance et risque par taille de maille</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="214" />
      <source>No household id field: the comparison has no swap + cell key row.</source>
      <translation>Pas de champ d'identifiant du ménage : la comparaison n'a pas de ligne échange + clé de cellule.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="218" />
      <source>The swap moves each person's dwelling: give one point per person (some person ids have several points), or leave the household id field empty.</source>
      <translation>L'échange déplace le logement de chaque personne : donnez un point par personne (certains identifiants ont plusieurs points), ou laissez vide le champ d'identifiant du ménage.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="233" />
      <source>Swap + cell key: {swapped} of {households} households swapped over the compared cell sizes at k = {k}; {unswapped} high-risk household(s) found no donor.</source>
      <translation>Échange + clé de cellule : {swapped} ménages échangés sur {households} sur les tailles de maille comparées à k = {k} ; {unswapped} ménage(s) à risque sans donneur.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="269" />
      <source>Method comparison: what each method costs and risks, by cell size</source>
      <translation>Comparaison des méthodes : ce que chacune coûte et risque, par taille de maille</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="270" />
      <source>cell size (m)</source>
      <translation>taille de maille (m)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="271" />
      <source>mean absolute error per cell</source>
      <translation>erreur absolue moyenne par maille</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="272" />
      <source>solid: against the true counts (each person in every cell they visit)</source>
      <translation>trait plein : par rapport aux vrais effectifs (chaque personne dans chaque maille où elle passe)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="273" />
      <source>dashed, DP: against the counts the DP grid noises (each person in at most one cell)</source>
      <translation>tirets, DP : par rapport aux effectifs que la grille DP bruite (chaque personne dans une maille au plus)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="276" />
      <source>mean absolute error against the counts the DP grid noises</source>
      <translation>erreur absolue moyenne par rapport aux effectifs que la grille DP bruite</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="277" />
      <source>Kantorovich–Wasserstein distance (m)</source>
      <translation>distance de Kantorovitch–Wasserstein (m)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="279" />
      <source>what an attacker can know</source>
      <translation>ce qu'un attaquant peut savoir</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="281" />
      <source>cells pinned</source>
      <translation>mailles fixées</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="282" />
      <source>DP: chance within ±{width}</source>
      <translation>DP : probabilité d'être à ±{width}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="284" />
      <source>Not computed:</source>
      <translation>Non calculé :</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="285" />
      <source>{method} at {size:g} m: {measure} not computed, because {reason}.</source>
      <translation>{method} à {size:g} m : {measure} non calculé(e), car {reason}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="287" />
      <source>For the data holder: a simulation, not a release. Publish none of it.</source>
      <translation>Pour le détenteur : une simulation, pas une diffusion. N'en publiez rien.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="294" />
      <source>solid, left: cells the method's audit pins (suppression: withheld cells narrower than p; cell key: what the gate fails)</source>
      <translation>trait plein, à gauche : mailles que l'audit de la méthode fixe (suppression : mailles masquées plus étroites que p ; clé de cellule : ce que le contrôle refuse)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="298" />
      <source>dotted, right: DP at ε = {epsilon:g}, the chance that a published count lies within ±{width} of the count it was drawn from (an exact coincidence under noise tells an attacker nothing)</source>
      <translation>pointillés, à droite : DP à ε = {epsilon:g}, la probabilité qu'un effectif publié soit à ±{width} au plus de l'effectif dont il est tiré (une coïncidence exacte sous le bruit n'apprend rien à un attaquant)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="30" />
      <source>data holder only: a simulation, not a release; publish nothing</source>
      <translation>détenteur seul : une simulation, pas une diffusion ; ne rien publier</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="309" />
      <source>no cell holds a person, in the truth or in the release</source>
      <translation>aucune maille ne contient de personne, ni en vrai ni dans la diffusion</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="311" />
      <source>its exact transport problem has {pairs} pairs of cells, more than this version solves</source>
      <translation>son problème de transport exact a {pairs} paires de mailles, plus que cette version n'en résout</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="313" />
      <source>the release publishes no one (every cell withheld or 0)</source>
      <translation>la diffusion ne publie personne (toutes les mailles masquées ou à 0)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="32" />
      <source>suppression</source>
      <translation>secret statistique</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="32" />
      <source>cell key</source>
      <translation>clé de cellule</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="32" />
      <source>DP</source>
      <translation>DP</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="323" />
      <source>where the table's kw_bound is above 0, a grid flow: at most {bound} above the exact distance, never below</source>
      <translation>là où le kw_bound de la table dépasse 0, un flot sur la grille : au plus {bound} au-dessus de la distance exacte, jamais en dessous</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="33" />
      <source>swap + cell key</source>
      <translation>échange + clé de cellule</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="335" />
      <source>The comparison's {count} Kantorovich–Wasserstein distances should take about {seconds} s in all here ({routes}), before the methods' own time.</source>
      <translation>Les {count} distances de Kantorovitch–Wasserstein de la comparaison devraient prendre environ {seconds} s en tout ici ({routes}), sans compter le temps des méthodes elles-mêmes.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="339" />
      <source>nothing to solve</source>
      <translation>rien à résoudre</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="341" />
      <source>Some of these distances are too large to solve exactly here: they are solved as a flow on the grid's graph, at most {bound} above the exact distance (the table's kw_bound says which and by how much).</source>
      <translation>Certaines de ces distances sont trop grandes pour être résolues exactement ici : elles sont résolues comme un flot sur le graphe de la grille, au plus {bound} au-dessus de la distance exacte (le kw_bound de la table dit lesquelles et de combien).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="353" />
      <source>{size:g} m, {method}: published, now scored.</source>
      <translation>{size:g} m, {method} : publiée, en cours d'évaluation.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="357" />
      <source>{size:g} m, {method}: the Kantorovich–Wasserstein distance is a transport problem of {pairs} pairs of cells ({solver}): about {seconds} s here. Cancel stops it.</source>
      <translation>{size:g} m, {method} : la distance de Kantorovitch–Wasserstein est un problème de transport de {pairs} paires de mailles ({solver}) : environ {seconds} s ici. Annuler l'arrête.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="360" />
      <source>{size:g} m, {method}: the Kantorovich–Wasserstein distance is a transport problem of {pairs} pairs of cells ({solver}): about {seconds} s here, and a cancel takes effect only when it ends.</source>
      <translation>{size:g} m, {method} : la distance de Kantorovitch–Wasserstein est un problème de transport de {pairs} paires de mailles ({solver}) : environ {seconds} s ici, et une annulation ne prend effet qu'à sa fin.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="369" />
      <source>{size:g} m, {method}: the distance is a grid flow with directions up to {reach} cells: at most {bound} above the exact distance, never below.</source>
      <translation>{size:g} m, {method} : la distance est un flot sur la grille, avec des directions jusqu'à {reach} mailles : au plus {bound} au-dessus de la distance exacte, jamais en dessous.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="38" />
      <source>Method comparison</source>
      <translation>Comparaison des méthodes</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="381" />
      <source>{size:g} m, {method}: mean absolute error {mae:.3g} per cell, {withheld} cell(s) withheld, {pinned} cell(s) its audit pins.</source>
      <translation>{size:g} m, {method} : erreur absolue moyenne de {mae:.3g} par maille, {withheld} maille(s) masquée(s), {pinned} maille(s) fixée(s) par son audit.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="387" />
      <source>{size:g} m, {method}: mean absolute error {mae:.3g} per cell against the true counts (each person in every cell they visit), {bounded:.3g} against the counts the DP grid noises (each person in at most one cell); at ε = {epsilon:g}, a published count lies within ±{width} of the count it was drawn from with probability {share}.</source>
      <translation>{size:g} m, {method} : erreur absolue moyenne de {mae:.3g} par maille par rapport aux vrais effectifs (chaque personne dans chaque maille où elle passe), {bounded:.3g} par rapport aux effectifs que la grille DP bruite (chaque personne dans une maille au plus) ; à ε = {epsilon:g}, un effectif publié est à ±{width} au plus de l'effectif dont il est tiré avec une probabilité de {share}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="39" />
      <source>At each cell size, the suppressed grid, the cell key grid, the DP grid and swap + cell key on the same people, scored against the true counts (errors, Hellinger and Kantorovich–Wasserstein distances, Moran's I of the errors) and by risk. For the data holder: a simulation, never a release.</source>
      <translation>À chaque taille de maille, la grille avec secret statistique, la grille à clé de cellule, la grille DP et échange + clé de cellule sur les mêmes personnes, notées contre les vrais effectifs (erreurs, distances de Hellinger et de Kantorovitch–Wasserstein, I de Moran des erreurs) et par le risque. Pour le détenteur : une simulation, jamais une diffusion.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="398" />
      <source>{size:g} m, {method}: the Kantorovich–Wasserstein distance is left empty: its exact transport problem has {pairs} pairs of cells, more than this version solves. Compare a smaller extent or coarser cells.</source>
      <translation>{size:g} m, {method} : la distance de Kantorovitch–Wasserstein reste vide : son problème de transport exact a {pairs} paires de mailles, plus que cette version n'en résout. Comparez une emprise plus petite ou des mailles plus grandes.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="403" />
      <source>This comparison is not a release: every figure in it is computed from the true counts, for the data holder only; publish none of it. The DP grids are simulated (their noise is drawn and discarded, no DP grid is written) and no ε is recorded in any ledger: a DP release is made with the DP grid algorithm.</source>
      <translation>Cette comparaison n'est pas une diffusion : chacun de ses chiffres vient des vrais effectifs, pour le seul détenteur ; n'en publiez rien. Les grilles DP sont simulées (leur bruit est tiré puis jeté, aucune grille DP n'est écrite) et aucun ε n'est inscrit dans un registre : une diffusion DP se fait avec l'algorithme de grille différentiellement privée.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="44" />
      <source>privacy,disclosure,comparison,utility,wasserstein,hellinger,cell key method,differential privacy,suppression,swapping,grid</source>
      <translation>confidentialité,divulgation,comparaison,utilité,wasserstein,hellinger,méthode de la clé de cellule,confidentialité différentielle,secret statistique,échange,grille</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="65" />
      <source>Cell sizes in metres, comma separated</source>
      <translation>Tailles de maille en mètres, séparées par des virgules</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="68" />
      <source>ε of the DP grid at each size (simulated, not spent)</source>
      <translation>ε de la grille DP à chaque taille (simulé, non dépensé)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="77" />
      <source>D: largest noise, without a p-table (keep it secret)</source>
      <translation>D : le plus grand bruit, sans table p (gardez-le secret)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="80" />
      <source>V: noise variance, without a p-table</source>
      <translation>V : variance du bruit, sans table p</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="83" />
      <source>JS: published counts 1..JS are blocked, without a p-table</source>
      <translation>JS : les effectifs publiés 1..JS sont interdits, sans table p</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="86" />
      <source>Compare: the programme's key file (empty: a one-off key)</source>
      <translation>Comparer : fichier de clé du programme (vide : clé à usage unique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="89" />
      <source>Extent of the DP grid (empty: the points')</source>
      <translation>Emprise de la grille DP (vide : celle des points)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="94" />
      <source>Household id field (empty: no swap + cell key row)</source>
      <translation>Champ d'identifiant du ménage (vide : pas de ligne échange)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/method_comparison.py" line="97" />
      <source>Swap: risk fields (empty: the location alone)</source>
      <translation>Échange : champs de risque (vide : la localisation seule)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="17" />
      <source>Row {row} cannot have the variance asked for: it has {reached:g}, {reason}.</source>
      <translation>La ligne {row} ne peut avoir la variance demandée : elle a {reached:g}, {reason}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="20" />
      <source>p-table {hash} in ONS's format: rows 0 to {last}, larger counts served by rows {start} to {last} in turn, the noise chosen by the integer cell key (0 to {largest_key}), as ONS's package applies it.</source>
      <translation>table p {hash} au format de l'ONS : lignes 0 à {last}, les effectifs plus grands servis tour à tour par les lignes {start} à {last}, le bruit choisi par la clé de cellule entière (0 à {largest_key}), comme l'applique le paquet de l'ONS.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="27" />
      <source>p-table {hash}: rows 0 to {last} (the last serves every larger count).</source>
      <translation>Table p {hash} : lignes 0 à {last} (la dernière sert pour tout effectif plus grand).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="34" />
      <source>Perturbation table (cell key method)</source>
      <translation>Table de perturbation (méthode de la clé de cellule)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="35" />
      <source>The maximum-entropy p-table of the cell key method: for each original count, the probability of each published count, unbiased, with variance V and noise of at most D.</source>
      <translation>La table p d'entropie maximale de la méthode de la clé de cellule : pour chaque effectif d'origine, la probabilité de chaque effectif publié, sans biais, de variance V et de bruit d'au plus D.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="38" />
      <source>privacy,cell key method,ckm,perturbation,noise,ptable,tau-argus,census grid</source>
      <translation>confidentialité,méthode de la clé de cellule,ckm,perturbation,bruit,table p,tau-argus,grille du recensement</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="51" />
      <source>D: largest noise (keep it secret)</source>
      <translation>D : le plus grand bruit (gardez-le secret)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="54" />
      <source>V: noise variance</source>
      <translation>V : variance du bruit</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="57" />
      <source>JS: published counts 1..JS are blocked (0: none)</source>
      <translation>JS : les effectifs publiés 1..JS sont interdits (0 : aucun)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="60" />
      <source>PSTAY: probability of no noise (empty: maximum entropy)</source>
      <translation>PSTAY : probabilité de ne pas bruiter (vide : entropie maximale)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="63" />
      <source>p-table (save it as CSV for the cell key grid)</source>
      <translation>Table p (enregistrez-la en CSV pour la grille à clé de cellule)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/perturbation_table.py" line="67" />
      <source>Rows solved with the nearest feasible variance</source>
      <translation>Lignes résolues avec la variance faisable la plus proche</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="109" />
      <source>{release}: published at {published}, today {today} (ceiling {ceiling}): {verdict}.</source>
      <translation>{release} : publiée à {published}, aujourd'hui {today} (plafond {ceiling}) : {verdict}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="114" />
      <source>{release} ({published} → {today}, ceiling {ceiling})</source>
      <translation>{release} ({published} → {today}, plafond {ceiling})</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="120" />
      <source>the table is loaded in the project</source>
      <translation>la table est chargée dans le projet</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="122" />
      <source>the table is in {path}</source>
      <translation>la table est dans {path}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="124" />
      <source>choose a file for the table to keep it when the check fails</source>
      <translation>choisissez un fichier pour la table afin de la conserver quand le contrôle échoue</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="125" />
      <source>{count} release(s) of {dataset} are now over the ceiling they were published under: {releases}. Withdraw them, re-publish them coarser, or document the acceptance. The re-assessment is recorded in the ledger; {table}.</source>
      <translation>{count} diffusion(s) de {dataset} dépassent désormais le plafond sous lequel elles ont été publiées : {releases}. Retirez-les, republiez-les plus grossières ou documentez l'acceptation. La réévaluation est enregistrée dans le registre ; {table}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="34" />
      <source>Re-assessment</source>
      <translation>Réévaluation</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="43" />
      <source>Re-assess published releases</source>
      <translation>Réévaluer les diffusions publiées</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="44" />
      <source>Re-runs today's risk estimate for releases in the ledger and fails when any is now over the ceiling it was published under.</source>
      <translation>Relance l'estimation de risque du jour pour les diffusions du registre et échoue si l'une dépasse désormais le plafond sous lequel elle a été publiée.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="46" />
      <source>privacy,disclosure,risk,ledger,reassessment,schedule,cron,monitoring</source>
      <translation>confidentialité,divulgation,risque,registre,réévaluation,planification,cron,suivi</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="63" />
      <source>Release ledger</source>
      <translation>Registre des diffusions</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="65" />
      <source>Dataset (programme name)</source>
      <translation>Jeu de données (nom du programme)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="67" />
      <source>Release id (empty: every release of the dataset)</source>
      <translation>Identifiant de diffusion (vide : toutes les diffusions du jeu)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="70" />
      <source>Today's per-zone risk</source>
      <translation>Risque par zone du jour</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/reassess_releases.py" line="73" />
      <source>Releases now over their ceiling</source>
      <translation>Diffusions désormais au-dessus de leur plafond</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="102" />
      <source>Persons (points at their dwelling; projected CRS in metres)</source>
      <translation>Personnes (points à leur logement ; SCR projeté en mètres)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="105" />
      <source>Household id field</source>
      <translation>Champ identifiant du ménage</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="108" />
      <source>Person id field (one point per person)</source>
      <translation>Champ identifiant de la personne (un point chacune)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="110" />
      <source>Hierarchy: cell sizes in metres, coarsest first</source>
      <translation>Hiérarchie : tailles de maille en mètres, la plus grande d'abord</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="113" />
      <source>Hierarchy: zone layers above the cells, coarsest first</source>
      <translation>Hiérarchie : couches de zones au-dessus des mailles</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="116" />
      <source>Zone id field of each zone layer, in order</source>
      <translation>Champ identifiant de chaque couche de zones, dans l'ordre</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="122" />
      <source>Risk fields (what an attacker knows, e.g. age band, sex)</source>
      <translation>Champs de risque (ce qu'un attaquant sait : âge, sexe…)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="125" />
      <source>k: fewer than k people alike in an area is a risk</source>
      <translation>k : moins de k personnes semblables dans une zone est un risque</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="129" />
      <source>Household fields that move with the location</source>
      <translation>Champs du ménage qui suivent le lieu</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="134" />
      <source>Swapped persons</source>
      <translation>Personnes échangées</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="136" />
      <source>Swap log (data holder only; never publish)</source>
      <translation>Journal des échanges (détenteur seul ; ne jamais publier)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="139" />
      <source>High-risk households without a donor (data holder only)</source>
      <translation>Ménages à risque sans donneur (détenteur seul)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="142" />
      <source>Report (data holder only)</source>
      <translation>Rapport (détenteur seul)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="145" />
      <source>Households swapped</source>
      <translation>Ménages échangés</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="147" />
      <source>High-risk households without a donor</source>
      <translation>Ménages à risque sans donneur</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="149" />
      <source>High-risk households</source>
      <translation>Ménages à risque</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="163" />
      <source>Multipoint features: a person is one point (their dwelling). Explode them first, or give one point per person.</source>
      <translation>Entités multipoints : une personne est un point (son logement). Éclatez-les d'abord, ou donnez un point par personne.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="169" />
      <source>Choose the household id field and the person id field.</source>
      <translation>Choisissez le champ identifiant du ménage et celui de la personne.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="173" />
      <source>Choose at least one risk field (an attribute an attacker knows, e.g. age band or sex).</source>
      <translation>Choisissez au moins un champ de risque (un attribut qu'un attaquant connaît, par exemple la tranche d'âge ou le sexe).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="184" />
      <source>The folder {folder} of the output file {path} does not exist: create it, or choose a file in an existing folder. Nothing was written.</source>
      <translation>Le dossier {folder} du fichier de sortie {path} n'existe pas : créez-le, ou choisissez un fichier dans un dossier existant. Rien n'a été écrit.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="199" />
      <source>{count} person id(s) in '{field}' appear more than once: a person lives in one household, at one point. Give each person one point.</source>
      <translation>{count} identifiant(s) de personne de '{field}' apparaissent plusieurs fois : une personne vit dans un ménage, en un point. Donnez un point à chaque personne.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="213" />
      <source>The swap was drawn from the given seed: anyone who holds the seed (or finds it in a saved model or the Processing history) can redraw which households were swapped. Use a seed only to reproduce a test; leave it empty for a release.</source>
      <translation>L'échange a été tiré de la graine donnée : quiconque la détient (ou la trouve dans un modèle enregistré ou l'historique de Traitement) peut retrouver quels ménages ont été échangés. N'utilisez une graine que pour reproduire un test ; laissez-la vide pour une diffusion.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="247" />
      <source>Give one zone id field for every zone layer ({layers} layers, {fields} fields), or one name that every layer has.</source>
      <translation>Donnez un champ identifiant par couche de zones ({layers} couches, {fields} champs), ou un nom que toutes les couches ont.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="254" />
      <source>The zone layer {name} has no id field '{field}'; its fields are: {available}.</source>
      <translation>La couche de zones {name} n'a pas de champ identifiant '{field}' ; ses champs sont : {available}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="260" />
      <source>The zone layer {name} has no polygon.</source>
      <translation>La couche de zones {name} n'a aucun polygone.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="267" />
      <source>The cell sizes {sizes} are not nested: each must be a whole multiple of the next finer one (e.g. 10000,1000,100), so that every cell lies in one coarser cell.</source>
      <translation>Les tailles de maille {sizes} ne sont pas emboîtées : chacune doit être un multiple entier de la suivante plus fine (par exemple 10000,1000,100), pour que chaque maille soit dans une seule maille plus grande.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="277" />
      <source>{size:g} m cells</source>
      <translation>mailles de {size:g} m</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="281" />
      <source>Donors lie two cells or more away from a household's cell: with a largest donor distance of {distance:g} m, households at risk in cells of {sizes} m find few donors (none where the distance is at most the cell size). Widen the distance to twice the largest cell size or more, or leave it empty.</source>
      <translation>Les donneurs se trouvent à deux mailles ou plus de la maille d'un ménage : avec une distance maximale du donneur de {distance:g} m, les ménages à risque dans les mailles de {sizes} m trouvent peu de donneurs (aucun là où la distance ne dépasse pas la taille de maille). Portez la distance à au moins deux fois la plus grande taille de maille, ou laissez-la vide.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="288" />
      <source>Give the hierarchy: cell sizes (e.g. 10000,1000) and/or zone layers.</source>
      <translation>Donnez la hiérarchie : des tailles de maille (par exemple 10000,1000) et/ou des couches de zones.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="290" />
      <source>Hierarchy, top first: {levels}.</source>
      <translation>Hiérarchie, du plus haut niveau au plus fin : {levels}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="342" />
      <source>high risk</source>
      <translation>risque élevé</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="342" />
      <source>swap rate</source>
      <translation>taux d'échange</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="38" />
      <source>The similarity profile field(s) {fields} are not in the layer; its fields are: {available}. Separate profiles by ';' and their fields by ',' (e.g. household_size;household_size,tenure).</source>
      <translation>Le ou les champs de profil de similarité {fields} ne sont pas dans la couche ; ses champs sont : {available}. Séparez les profils par « ; » et leurs champs par « , » (par exemple household_size;household_size,tenure).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="389" />
      <source>{swapped} of {households} households swapped ({share}; the swap rate asks for {target}); {high} were high-risk.</source>
      <translation>{swapped} ménages échangés sur {households} ({share} ; le taux d'échange en demande {target}) ; {high} étaient à risque.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="395" />
      <source>The high-risk households alone need more swaps than the swap rate: every one of them was swapped (or listed). A coarser hierarchy or fewer risk fields make fewer of them.</source>
      <translation>Les ménages à risque demandent à eux seuls plus d'échanges que le taux d'échange : chacun a été échangé (ou listé). Une hiérarchie plus grossière ou moins de champs de risque en font moins.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="400" />
      <source>Only {swapped} households could be swapped of the {target} the rate asks for: too few households have a donor (of their profile, outside their area, within the distance).</source>
      <translation>Seuls {swapped} ménages ont pu être échangés sur les {target} que demande le taux : trop peu de ménages ont un donneur (de leur profil, hors de leur zone, dans la distance).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="405" />
      <source>{count} high-risk household(s) kept their location for want of a donor: the table of high-risk households without a donor says why. Widen the donor distance, add a looser similarity profile, or protect them otherwise.</source>
      <translation>{count} ménage(s) à risque ont gardé leur lieu faute de donneur : la table des ménages à risque sans donneur dit pourquoi. Élargissez la distance du donneur, ajoutez un profil de similarité plus lâche, ou protégez-les autrement.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="411" />
      <source>Never publish the swap log, the seed or the report: they undo the swap. Publish the swapped persons' counts (e.g. with the cell key grid).</source>
      <translation>Ne publiez jamais le journal des échanges, la graine ni le rapport : ils défont l'échange. Publiez les effectifs des personnes échangées (par exemple avec la grille à clé de cellule).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="57" />
      <source>Swap rate (share of households swapped; a swap moves two)</source>
      <translation>Taux d'échange (part des ménages ; un échange en déplace deux)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="61" />
      <source>Similarity profiles, in order (';' between profiles)</source>
      <translation>Profils de similarité, dans l'ordre (« ; » entre profils)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="64" />
      <source>Largest donor distance (empty: anywhere)</source>
      <translation>Distance maximale du donneur (vide : partout)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="71" />
      <source>Targeted record swap (households)</source>
      <translation>Échange ciblé d'enregistrements (ménages)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="72" />
      <source>Swaps the locations of households at risk (fewer than k people share a member's attributes in an area) with similar households two cells or more away, drawn at random by risk within a distance, then more households at random up to the swap rate: the census step before the cell key method.</source>
      <translation>Échange le lieu des ménages à risque (moins de k personnes partagent les attributs d'un membre dans une zone) avec celui de ménages semblables à deux mailles ou plus, tirés au hasard selon le risque dans une distance donnée, puis d'autres ménages au hasard jusqu'au taux d'échange : l'étape du recensement avant la méthode de la clé de cellule.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/record_swap.py" line="77" />
      <source>privacy,disclosure,record swapping,targeted swapping,census,household,sdcMicro,perturbation</source>
      <translation>confidentialité,divulgation,échange d'enregistrements,échange ciblé,recensement,ménage,sdcMicro,perturbation</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="105" />
      <source>Recommended cell size (finest within the tolerance)</source>
      <translation>Taille de maille recommandée (la plus fine dans la tolérance)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="108" />
      <source>Number of people (empty when the policy keeps it secret)</source>
      <translation>Nombre de personnes (vide quand la politique le garde secret)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="110" />
      <source>Points per person: 0 one each, 1 several</source>
      <translation>Points par personne : 0 un chacun, 1 plusieurs</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="112" />
      <source>Chart: withheld share and median count by cell size</source>
      <translation>Graphique : part masquée et effectif médian par taille de maille</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="127" />
      <source>{coarse:g} m cells are not unions of {fine:g} m cells: releasing both invites differencing (subtract overlapping cells to isolate small areas). Release only nested resolutions (each a whole multiple of the finer) on one origin.</source>
      <translation>Les mailles de {coarse:g} m ne sont pas des unions de mailles de {fine:g} m : diffuser les deux expose à la différenciation (soustraire des mailles qui se chevauchent pour isoler de petites zones). Ne diffusez que des résolutions emboîtées (chacune multiple entier de la plus fine) sur une même origine.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="224" />
      <source>The cell key comparison is made without strata: run the sweep without strata to see it.</source>
      <translation>La comparaison avec la clé de cellule se fait sans strates : lancez le balayage sans strates pour la voir.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="234" />
      <source>Cell key method beside suppression: every non-empty cell published with noise; ckm_mae is its mean absolute error per cell.</source>
      <translation>Méthode de la clé de cellule à côté du secret : toutes les cellules non vides publiées avec du bruit ; ckm_mae est son erreur absolue moyenne par cellule.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="270" />
      <source>No earlier release has one of the swept cell sizes ({swept}); they have {theirs}. Sweep the series' cell size.</source>
      <translation>Aucune diffusion antérieure n'a l'une des tailles de maille balayées ({swept}) ; elles ont {theirs}. Balayez la taille de maille de la série.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="293" />
      <source>At {res:g} m, since {name}: {to_withheld} cell(s) go from published (or empty) to withheld and {to_published} from withheld to published. A flipping cell is a risk: an attacker who assumes counts change little between releases pins it near its value in the other release, whatever else is withheld. Prefer sizes and geometries where few cells flip.</source>
      <translation>À {res:g} m, depuis {name} : {to_withheld} maille(s) passent de publiée (ou vide) à masquée et {to_published} de masquée à publiée. Une maille qui bascule est un risque : un attaquant qui suppose que les effectifs varient peu d'une diffusion à l'autre la coince près de sa valeur dans l'autre diffusion, quoi qu'on masque d'autre. Préférez les tailles et géométries où peu de mailles basculent.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="315" />
      <source>{count} point(s) lie in no stratum. Nothing is dropped silently: extend the strata to cover them, or clip the points first and report the clipped ones.</source>
      <translation>{count} point(s) ne sont dans aucune strate. Rien n'est ignoré en silence : étendez les strates pour les couvrir, ou découpez d'abord les points et signalez ceux qui sont retirés.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="337" />
      <source>Resolution sweep: what each cell size withholds</source>
      <translation>Balayage des résolutions : ce que chaque taille de maille masque</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="340" />
      <source>withheld share of non-empty cells</source>
      <translation>part masquée des mailles non vides</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="341" />
      <source>median count of a published cell</source>
      <translation>effectif médian d'une maille publiée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="342" />
      <source>withheld share, {name}</source>
      <translation>part masquée, {name}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="343" />
      <source>median count, {name}</source>
      <translation>effectif médian, {name}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="344" />
      <source>tolerance {share}</source>
      <translation>tolérance {share}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="346" />
      <source>recommended: {size:g} m</source>
      <translation>recommandée : {size:g} m</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="347" />
      <source>no swept size is within the tolerance</source>
      <translation>aucune taille balayée ne reste dans la tolérance</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="359" />
      <source>within the tolerance</source>
      <translation>dans la tolérance</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="361" />
      <source>not recommended: {bad} cell(s) that no pattern can protect</source>
      <translation>non recommandée : {bad} maille(s) qu'aucun schéma ne peut protéger</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="364" />
      <source>over the tolerance, not recommended</source>
      <translation>au-delà de la tolérance, non recommandée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="366" />
      <source>{verdict} in stratum {stratum}</source>
      <translation>{verdict} dans la strate {stratum}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="368" />
      <source>{res:g} m: {cells} cells, {withheld} withheld ({share}); {verdict}.</source>
      <translation>{res:g} m : {cells} mailles, {withheld} masquées ({share}) ; {verdict}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="374" />
      <source>{res:g} m with {marginals} published: {complementary} complementary cells, {total} withheld in all, {bad} cell(s) that no pattern can protect.</source>
      <translation>{res:g} m avec {marginals} publié(s) : {complementary} mailles de secret secondaire, {total} masquées au total, {bad} maille(s) qu'aucun schéma ne peut protéger.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="383" />
      <source>At {res:g} m, the size recommended in stratum {stratum}, the withheld cells cluster (Moran's I {moran:.2f}, z {z:.1f}): the recommendation keeps the withheld share within the tolerance, but the holes form whole areas without figures. Where those areas matter, publish this stratum at a coarser size; do not raise the tolerance.</source>
      <translation>À {res:g} m, la taille recommandée dans la strate {stratum}, les mailles masquées se regroupent (I de Moran {moran:.2f}, z {z:.1f}) : la recommandation garde la part masquée dans la tolérance, mais les trous forment des zones entières sans chiffres. Là où ces zones comptent, publiez cette strate à une taille plus grossière ; n'augmentez pas la tolérance.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="392" />
      <source>At {res:g} m in stratum {stratum} the withheld cells cluster (Moran's I {moran:.2f}, z {z:.1f}): prefer a coarser geometry in this stratum rather than a higher tolerance.</source>
      <translation>À {res:g} m dans la strate {stratum}, les mailles masquées se regroupent (I de Moran {moran:.2f}, z {z:.1f}) : préférez une géométrie plus grossière dans cette strate plutôt qu'une tolérance plus élevée.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="399" />
      <source>At {res:g} m the withheld cells cluster (Moran's I {moran:.2f}, z {z:.1f}): the holes form areas, so prefer a coarser geometry there rather than a higher tolerance.</source>
      <translation>À {res:g} m les mailles masquées se regroupent (I de Moran {moran:.2f}, z {z:.1f}) : les trous forment des zones, préférez donc une géométrie plus grossière plutôt qu'une tolérance plus élevée.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="406" />
      <source>Recommended cell size per stratum: {sizes}.</source>
      <translation>Taille de maille recommandée par strate : {sizes}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="410" />
      <source>No cell size keeps the withheld share within the tolerance under this policy (k = {k}, tolerance {tolerance}): the sweep recommends none. Sweep coarser cells than {coarsest:g} m, or publish per density band; never lower k: it follows from the accepted disclosure probability.</source>
      <translation>Aucune taille de maille ne garde la part masquée dans la tolérance avec cette politique (k = {k}, tolérance {tolerance}) : le balayage n'en recommande aucune. Balayez des mailles plus grossières que {coarsest:g} m, ou publiez par strate de densité ; ne baissez jamais k : il découle de la probabilité de divulgation acceptée.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="418" />
      <source>Recommended cell size: {res:g} m, the finest that keeps the withheld share within the tolerance at k = {k}.</source>
      <translation>Taille de maille recommandée : {res:g} m, la plus fine qui garde la part masquée dans la tolérance avec k = {k}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="434" />
      <source>{size:g} m, the finest size within the tolerance whose withheld cells do not cluster, leaves no such areas: prefer it where those areas matter.</source>
      <translation>{size:g} m, la taille la plus fine dans la tolérance dont les mailles masquées ne se regroupent pas, ne laisse pas de telles zones : préférez-la là où ces zones comptent.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="439" />
      <source>No swept size avoids it: sweep coarser sizes, or publish those areas per density band (strata).</source>
      <translation>Aucune taille balayée ne l'évite : balayez des tailles plus grossières, ou publiez ces zones par bande de densité (strates).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="44" />
      <source>{res:g} m: counting and protecting the cells…</source>
      <translation>{res:g} m : comptage et protection des mailles…</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="441" />
      <source>At {res:g} m the withheld cells cluster (Moran's I {moran:.2f}, z {z:.1f}): the recommendation keeps the withheld share within the tolerance, but the holes form whole areas without figures. {advice} Do not raise the tolerance instead.</source>
      <translation>À {res:g} m les mailles masquées se regroupent (I de Moran {moran:.2f}, z {z:.1f}) : la recommandation garde la part masquée dans la tolérance, mais les trous forment des zones entières sans chiffres. {advice} N'augmentez pas la tolérance à la place.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="47" />
      <source>{res:g} m: done in {seconds:.1f} s.</source>
      <translation>{res:g} m : terminé en {seconds:.1f} s.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="54" />
      <source>Resolution sweep</source>
      <translation>Balayage des résolutions</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="55" />
      <source>Counts distinct people per grid cell at several cell sizes and shows which sizes satisfy the policy's k and suppression tolerance.</source>
      <translation>Compte les personnes distinctes par maille à plusieurs tailles de maille et montre quelles tailles respectent le k et la tolérance de secret de la politique.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="57" />
      <source>privacy,disclosure,k-anonymity,grid,resolution,sweep,suppression</source>
      <translation>confidentialité,divulgation,k-anonymat,grille,résolution,balayage,secret</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="80" />
      <source>Tolerance: share of cells withheld (empty: the policy's)</source>
      <translation>Tolérance : part des mailles masquées (vide : celle de la politique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="84" />
      <source>Sweep table</source>
      <translation>Table du balayage</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="87" />
      <source>Strata an adversary can draw (each swept separately)</source>
      <translation>Strates qu'un adversaire peut tracer (balayées séparément)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="90" />
      <source>Stratum name field</source>
      <translation>Champ du nom de strate</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="92" />
      <source>Earlier releases of the series, oldest first</source>
      <translation>Diffusions antérieures de la série, la plus ancienne d'abord</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="95" />
      <source>Cells that flip since the latest earlier release</source>
      <translation>Mailles qui basculent depuis la diffusion antérieure la plus récente</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/resolution_sweep.py" line="98" />
      <source>Compare with the cell key method: its p-table</source>
      <translation>Comparer avec la méthode de la clé de cellule : sa table p</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="100" />
      <source>Headroom under the cumulative ceiling</source>
      <translation>Marge sous le plafond cumulé</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="102" />
      <source>Warning</source>
      <translation>Avertissement</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="14" />
      <source>estimate</source>
      <translation>estimation</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="14" />
      <source>lower bound</source>
      <translation>borne basse</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="147" />
      <source>The release record could not be created.</source>
      <translation>La fiche de diffusion n'a pas pu être créée.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="156" />
      <source>The release record {path} could not be written ({error}).</source>
      <translation>La fiche de diffusion {path} n'a pas pu être écrite ({error}).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="173" />
      <source>Risk budget gate FAILED for {dataset} / {release}: {problems}</source>
      <translation>ÉCHEC du contrôle du budget de risque pour {dataset} / {release} : {problems}</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="176" />
      <source>Risk budget gate passed: worst zone {zone} at {worst} ({basis}; pooled mean {pooled}) under the per-release ceiling {ceiling}; cumulative {cumulative} over {count} release(s) under the cumulative ceiling {budget} ({headroom} left).</source>
      <translation>Contrôle du budget de risque réussi : pire zone {zone} à {worst} ({basis} ; moyenne {pooled}) sous le plafond par diffusion {ceiling} ; cumulé {cumulative} sur {count} diffusion(s) sous le plafond cumulé {budget} (reste {headroom}).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="185" />
      <source>The cumulative figure assumes independent releases; releases of the same population are correlated, so it understates the risk.</source>
      <translation>Le chiffre cumulé suppose des diffusions indépendantes ; les diffusions d'une même population sont corrélées, il sous-estime donc le risque.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="188" />
      <source>The cumulative risk {cumulative} is above {share} of the ceiling {ceiling}: plan the remaining releases.</source>
      <translation>Le risque cumulé {cumulative} dépasse {share} du plafond {ceiling} : planifiez les diffusions restantes.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="192" />
      <source>Ledger head: entry {seq}, {head}. The release record carries it: give the record (or the head) as the ledger head of later runs, and a ledger that was cut, emptied or rewritten is refused.</source>
      <translation>Tête du registre : entrée {seq}, {head}. La fiche de diffusion la porte : donnez la fiche (ou la tête) comme tête du registre aux exécutions suivantes, et un registre tronqué, vidé ou réécrit est refusé.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="196" />
      <source>Not recorded (RECORD is off): this release does not count against the budget; the ledger was only read.</source>
      <translation>Non enregistrée (RECORD désactivé) : cette diffusion ne compte pas dans le budget ; le registre a seulement été lu.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="32" />
      <source>The per-zone risk table lacks the field(s) {fields}: give the output of the zone risk algorithm, or a table with zone_id, p_reid and n_records.</source>
      <translation>Il manque à la table de risque par zone le(s) champ(s) {fields} : donnez la sortie de l'algorithme de risque par zone, ou une table avec zone_id, p_reid et n_records.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="47" />
      <source>Risk budget gate</source>
      <translation>Contrôle du budget de risque</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="48" />
      <source>Blocks a release whose worst zone exceeds the per-release ceiling, or whose programme's cumulative risk exceeds its budget; records every release that passes in a tamper-evident ledger.</source>
      <translation>Bloque une diffusion dont la pire zone dépasse le plafond par diffusion, ou dont le risque cumulé du programme dépasse son budget ; inscrit chaque diffusion acceptée dans un registre infalsifiable.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="51" />
      <source>privacy,disclosure,risk,budget,ledger,gate,release,cumulative</source>
      <translation>confidentialité,divulgation,risque,budget,registre,contrôle,diffusion,cumulé</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="75" />
      <source>Per-zone risk (the zone risk output)</source>
      <translation>Risque par zone (la sortie du risque par zone)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="79" />
      <source>Policy file (ceilings, warn_at, gate_on)</source>
      <translation>Fichier de politique (plafonds, warn_at, gate_on)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="82" />
      <source>Per-release ceiling (empty: the policy's)</source>
      <translation>Plafond par diffusion (vide : celui de la politique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="83" />
      <source>Cumulative ceiling (empty: the policy's)</source>
      <translation>Plafond cumulé (vide : celui de la politique)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="84" />
      <source>Warn above this share of the cumulative ceiling</source>
      <translation>Avertir au-delà de cette part du plafond cumulé</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="89" />
      <source>Gate on (empty: the policy's, else the estimate)</source>
      <translation>Contrôler sur (vide : selon la politique, sinon l'estimation)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="92" />
      <source>Record the release in the ledger when it passes</source>
      <translation>Inscrire la diffusion au registre si elle est acceptée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="94" />
      <source>Release record</source>
      <translation>Enregistrement de la diffusion</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="96" />
      <source>Worst zone</source>
      <translation>Pire zone</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="97" />
      <source>Worst zone's risk</source>
      <translation>Risque de la pire zone</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="98" />
      <source>Record-weighted mean risk</source>
      <translation>Risque moyen pondéré par les enregistrements</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/risk_budget_gate.py" line="99" />
      <source>Cumulative risk of the programme</source>
      <translation>Risque cumulé du programme</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="190" />
      <source>{published} cells published, {withheld} withheld (primary suppression, fewer than {k} people).</source>
      <translation>{published} mailles publiées, {withheld} masquées (secret primaire, moins de {k} personnes).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="194" />
      <source>No published totals were declared: if totals (grand total, coarser cells) are published beside this grid, withheld cells may be recovered by subtraction. Declare them so that complementary cells are withheld.</source>
      <translation>Aucun total publié n'a été déclaré : si des totaux (total général, mailles plus grossières) sont publiés à côté de cette grille, les mailles masquées peuvent être retrouvées par soustraction. Déclarez-les pour que des mailles de secret secondaire soient masquées.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="201" />
      <source>{complementary} complementary cell(s) ({share} of the cells) withheld so that no withheld cell can be narrowed below p = {p:g} from what the release publishes ({marginals}, the number of people, non-empty cells); narrowest attacker interval of a withheld cell: {width:g}.</source>
      <translation>{complementary} cellule(s) complémentaire(s) ({share} des cellules) masquée(s) pour qu'aucune cellule masquée ne puisse être resserrée sous p = {p:g} à partir de ce que publie la diffusion ({marginals}, le nombre de personnes, des cellules non vides) ; plus étroit intervalle d'attaque d'une cellule masquée : {width:g}.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="224" />
      <source>This version protects the slivers of published zones on a grid of one cell size without earlier releases: leave out the cell size per stratum and the earlier releases, or the published zones.</source>
      <translation>Cette version protège les éclats des zones publiées sur une grille d'une seule taille de maille sans publications antérieures : retirez la taille de maille par strate et les publications antérieures, ou les zones publiées.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="231" />
      <source>This version does not protect the slivers of published zones beside published attribute fields: leave out the published attribute fields or the published zones.</source>
      <translation>Cette version ne protège pas les éclats des zonages publiés à côté de champs d'attributs publiés : retirez les champs d'attributs publiés ou les zonages publiés.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="239" />
      <source>The published zones layer(s) {layers} are given more than once: give each zone layer once.</source>
      <translation>La ou les couches de zonage publiées {layers} sont données plusieurs fois : donnez chaque couche de zonage une seule fois.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="245" />
      <source>Several published zones layers are named {names}: rename them so that the zone counts can say which layer each count is of.</source>
      <translation>Plusieurs couches de zonage publiées s'appellent {names} : renommez-les pour que les effectifs des zones puissent dire de quelle couche est chaque effectif.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="26" />
      <source>Suppressed grid</source>
      <translation>Grille avec secret statistique</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="27" />
      <source>Square cells with the number of distinct people in each; cells with fewer than k people are withheld (primary suppression), and more cells where published totals would give them away (complementary).</source>
      <translation>Mailles carrées avec le nombre de personnes distinctes dans chacune ; les mailles de moins de k personnes sont masquées (secret primaire), ainsi que d'autres mailles là où des totaux publiés les trahiraient (secret secondaire).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="293" />
      <source>A zero mask needs a study area: zeros are only emitted inside one.</source>
      <translation>Un masque des zéros exige une zone d'étude : les zéros ne sont produits qu'à l'intérieur.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="30" />
      <source>privacy,disclosure,k-anonymity,grid,suppression,count,census grid</source>
      <translation>confidentialité,divulgation,k-anonymat,grille,secret,comptage,grille carroyée</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="309" />
      <source>A series of releases needs series_max_change in the policy file: the most a cell's count can change between consecutive releases as an attacker may assume (differencing attacks rest on such an assumption).</source>
      <translation>Une série de diffusions exige series_max_change dans le fichier de politique : la variation maximale de l'effectif d'une maille entre deux diffusions consécutives qu'un attaquant peut supposer (les attaques par différence reposent sur une telle hypothèse).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="316" />
      <source>Audited jointly with {count} earlier release(s), assuming no cell changes by more than {delta:g} people between releases.</source>
      <translation>Audit conjoint avec {count} diffusion(s) antérieure(s), en supposant qu'aucune maille ne varie de plus de {delta:g} personnes entre deux diffusions.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="354" />
      <source>This release would narrow {count} withheld cell(s) of earlier releases below p (e.g. {cells}), and withholding more cells here cannot prevent it (such as a cell that is empty now). Use a coarser grid or a stable study area and zero mask for the whole series.</source>
      <translation>Cette diffusion resserrerait sous p {count} maille(s) masquée(s) de diffusions antérieures (par ex. {cells}), et masquer d'autres mailles ici ne peut l'empêcher (par exemple une maille vide maintenant). Utilisez une grille plus grossière, ou une zone d'étude et un masque de zéros stables pour toute la série.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="363" />
      <source>{count} withheld cell(s) cannot be protected: either they share a published total only with withheld cells, or they were published (or empty) in the previous release and an attacker who assumes counts move by at most {delta:g} pins them near that value. See the flipping cells of the resolution sweep; use a stable geometry (same study area and zero mask each release) or a coarser grid.</source>
      <translation>{count} maille(s) masquée(s) ne peuvent pas être protégées : soit elles ne partagent un total publié qu'avec des mailles masquées, soit elles étaient publiées (ou vides) dans la diffusion précédente et un attaquant qui suppose que les effectifs varient d'au plus {delta:g} les coince près de cette valeur. Voyez les mailles qui basculent dans le balayage des résolutions ; utilisez une géométrie stable (même zone d'étude et même masque de zéros à chaque diffusion) ou une grille plus grossière.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="370" />
      <source>{count} withheld cell(s) cannot be protected against the declared totals: every cell that shares a published total with them is withheld and the total leaves less than p = {p:g} (the policy's protection_level) open. Publish fewer totals, or use a coarser grid; a p above the number of people in the release is met by no grid: then correct protection_level in the policy.</source>
      <translation>{count} cellule(s) masquée(s) ne peuvent pas être protégées contre les totaux déclarés : toutes les cellules qui partagent un total publié avec elles sont masquées et le total laisse moins que p = {p:g} (le protection_level de la politique) d'incertitude. Publiez moins de totaux, ou utilisez une grille plus grossière ; un p supérieur au nombre de personnes de la diffusion n'est atteint par aucune grille : corrigez alors protection_level dans la politique.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="391" />
      <source>A cell size per stratum needs the strata layer and its name field.</source>
      <translation>Une taille de maille par strate exige la couche de strates et son champ de nom.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="394" />
      <source>This version builds a grid with a cell size per stratum without earlier releases; run a series on a single cell size.</source>
      <translation>Cette version construit une grille avec une taille de maille par strate sans diffusions antérieures ; menez une série avec une seule taille de maille.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="415" />
      <source>The candidate cell sizes must be nested (each a whole multiple of the finer ones).</source>
      <translation>Les tailles de maille candidates doivent être emboîtées (chacune multiple entier des plus fines).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="424" />
      <source>No candidate size is publishable in the stratum/strata {names}: add coarser sizes; never lower k.</source>
      <translation>Aucune taille candidate n'est publiable dans la ou les strates {names} : ajoutez des tailles plus grossières ; ne baissez jamais k.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="59" />
      <source>Audit of withheld cells (data holder only; never publish)</source>
      <translation>Audit des mailles masquées (détenteur seulement ; à ne pas publier)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="65" />
      <source>Zero mask (empty cells inside it are withheld, not 0)</source>
      <translation>Masque des zéros (les mailles vides y sont masquées, pas à 0)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="68" />
      <source>Strata (adversary-known polygons), for a size per stratum</source>
      <translation>Strates (polygones connus de l'adversaire), une taille par strate</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="75" />
      <source>Cell size per stratum (e.g. core=250;rural=2000, or auto:…)</source>
      <translation>Taille de maille par strate (ex. core=250;rural=2000, ou auto:…)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="77" />
      <source>Earlier releases of this grid, oldest first</source>
      <translation>Diffusions antérieures de cette grille, la plus ancienne d'abord</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="80" />
      <source>Zones published beside the grid (same people)</source>
      <translation>Zonages publiés à côté de la grille (mêmes personnes)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="83" />
      <source>Zone counts</source>
      <translation>Effectifs des zones</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="86" />
      <source>Sliver report (data holder only: never publish)</source>
      <translation>Rapport des éclats (détenteur seul : ne jamais publier)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/suppressed_grid.py" line="90" />
      <source>Withheld cells</source>
      <translation>Mailles masquées</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="117" />
      <source>{held} of {total} addresses held ({share:.0%}); attributes sampled: {attributes}. Figures against this layer are a lower bound.</source>
      <translation>{held} adresses détenues sur {total} ({share:.0%}) ; attributs tirés : {attributes}. Les chiffres obtenus contre cette couche sont un minorant.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="18" />
      <source>Synthetic auxiliary data</source>
      <translation>Données auxiliaires synthétiques</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="19" />
      <source>Builds the identified layer an adversary could assemble from address points and published marginals, when no real one can be obtained; results against it are a lower bound.</source>
      <translation>Construit la couche identifiée qu'un adversaire pourrait assembler à partir de points d'adresse et de marges publiées, quand aucune réelle ne peut être obtenue ; les résultats obtenus contre elle sont un minorant.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="22" />
      <source>privacy,auxiliary,adversary,synthetic,marginals,census,linkage</source>
      <translation>confidentialité,auxiliaire,adversaire,synthétique,marges,recensement,appariement</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="35" />
      <source>Address points or buildings</source>
      <translation>Points d'adresse ou bâtiments</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="38" />
      <source>Marginals table (attribute, category, share; zone)</source>
      <translation>Table des marges (attribute, category, share ; zone)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="41" />
      <source>Zones of the marginals (optional)</source>
      <translation>Zones des marges (facultatif)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="44" />
      <source>Zone id field</source>
      <translation>Champ identifiant de zone</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="47" />
      <source>Share of addresses the adversary holds</source>
      <translation>Part des adresses que détient l'adversaire</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="53" />
      <source>Synthetic auxiliary points</source>
      <translation>Points auxiliaires synthétiques</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="71" />
      <source>The address layer has no valid CRS, so the auxiliary points could not be matched with a release. Set the CRS its coordinates are in (Layer Properties, Source) and run again.</source>
      <translation>La couche d'adresses n'a pas de SCR valide : les points auxiliaires ne pourraient pas être rapprochés d'une publication. Définissez le SCR dans lequel sont ses coordonnées (Propriétés de la couche, Source) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="76" />
      <source>Choose the zone id field of the zones layer.</source>
      <translation>Choisissez le champ identifiant de la couche de zones.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="83" />
      <source>The address layer has no features (or none selected): there are no addresses to draw the auxiliary points from.</source>
      <translation>La couche d'adresses n'a aucune entité (ou aucune sélectionnée) : il n'y a pas d'adresses d'où tirer les points auxiliaires.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/synthetic_auxiliary.py" line="88" />
      <source>{count} address(es) have no geometry: repair or remove them first.</source>
      <translation>{count} adresse(s) n'ont pas de géométrie : réparez-les ou supprimez-les d'abord.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="13" />
      <source>individual risk</source>
      <translation>risque individuel</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="13" />
      <source>uniqueness</source>
      <translation>unicité</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="133" />
      <source>{count} zone(s) have no id: every zone needs one.</source>
      <translation>{count} zone(s) n'ont pas d'identifiant : chaque zone en a besoin.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="162" />
      <source>{count} zone(s) hold no record and get no estimate: a risk budget gate blocks on them (missing evidence).</source>
      <translation>{count} zone(s) ne contiennent aucun enregistrement et n'ont pas d'estimation : un contrôle de budget de risque les bloque (absence de preuve).</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="181" />
      <source>Worst zone {zone}: {worst}; record-weighted mean {pooled} (about the same: the zones' risks are alike). The release's risk is the worst zone.</source>
      <translation>Pire zone {zone} : {worst} ; moyenne pondérée {pooled} (à peu près la même : les risques des zones se ressemblent). Le risque de la diffusion est celui de la pire zone.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="186" />
      <source>Worst zone {zone}: {worst}; record-weighted mean {pooled} ({ratio:.1f} times lower). The release's risk is the worst zone.</source>
      <translation>Pire zone {zone} : {worst} ; moyenne pondérée {pooled} ({ratio:.1f} fois plus basse). Le risque de la diffusion est celui de la pire zone.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="213" />
      <source>The records include multipoint features: give the person id field, so that the parts of one record are counted as one person, or explode them first if each part is a person of its own.</source>
      <translation>Les enregistrements comprennent des entités multipoints : donnez le champ d'identifiant de personne, pour que les parties d'un enregistrement comptent pour une seule personne, ou éclatez-les d'abord si chaque partie est une personne à part entière.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="236" />
      <source>{count} record(s) lie in no zone. Nothing is dropped silently: extend the zones to cover them, or clip the records first and report the clipped ones.</source>
      <translation>{count} enregistrement(s) ne sont dans aucune zone. Rien n'est ignoré en silence : étendez les zones pour les couvrir, ou découpez d'abord les enregistrements et signalez ceux qui sont retirés.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="52" />
      <source>The zones {first} and {second} overlap ({area:g} square map units in common): zones must be a partition, or records in the overlap count in one zone only. Repair the zone layer (e.g. remove the overlap, or dissolve the two) and run again.</source>
      <translation>Les zones {first} et {second} se chevauchent ({area:g} unités carrées de carte en commun) : les zones doivent former une partition, sinon les enregistrements du chevauchement ne comptent que dans une zone. Réparez la couche de zones (par exemple en supprimant le chevauchement, ou en fusionnant les deux) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="63" />
      <source>Zone re-identification risk</source>
      <translation>Risque de ré-identification par zone</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="64" />
      <source>Re-identification probability per zone with a confidence interval; the worst zone, not the average, is the release's risk.</source>
      <translation>Probabilité de ré-identification par zone avec un intervalle de confiance ; le risque de la diffusion est celui de la pire zone, pas la moyenne.</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="66" />
      <source>privacy,disclosure,risk,zone,worst case,wilson,release,budget</source>
      <translation>confidentialité,divulgation,risque,zone,pire cas,wilson,diffusion,budget</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="81" />
      <source>Zones an adversary could also draw</source>
      <translation>Zones qu'un adversaire pourrait aussi tracer</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="86" />
      <source>Records (points, any CRS)</source>
      <translation>Enregistrements (points, n'importe quel SCR)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="89" />
      <source>Zone risk</source>
      <translation>Risque de zone</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="91" />
      <source>Person id (to count distinct people per zone)</source>
      <translation>Identifiant de personne (pour compter les personnes par zone)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="94" />
      <source>Policy file (its per-release ceiling marks zones above it)</source>
      <translation>Fichier de politique (son plafond signale les zones au-dessus)</translation>
    </message>
    <message>
      <location filename="processing_provider/algorithms/zone_risk.py" line="98" />
      <source>Zones with their risk</source>
      <translation>Zones avec leur risque</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="100" />
      <source>Adversary simulation</source>
      <translation>Simulation d'adversaire</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="101" />
      <source>Disclosure risk</source>
      <translation>Risque de divulgation</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="102" />
      <source>Example models</source>
      <translation>Modèles d'exemple</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="199" />
      <source>Disclosure ceiling ρ (k = ⌈1/ρ⌉; empty: the policy file's)</source>
      <translation>Plafond de divulgation ρ (k = ⌈1/ρ⌉ ; vide : celui de la politique)</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="239" />
      <source>{name} must be a whole number, got {value}: it is never rounded for you.</source>
      <translation>{name} doit être un nombre entier, reçu {value} : il n'est jamais arrondi à votre place.</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="258" />
      <source>Protection level p (empty: the policy's, else ⌈k/2⌉)</source>
      <translation>Niveau de protection p (vide : celui de la politique, sinon ⌈k/2⌉)</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="318" />
      <source>Cancelled: no output was completed.</source>
      <translation>Annulé : aucune sortie n'a été terminée.</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="382" />
      <source>Removed {count} hidden partial file(s) in {folder} that runs ended before finishing had left: {names}.</source>
      <translation>{count} fichier(s) partiel(s) caché(s) laissé(s) dans {folder} par des exécutions interrompues ont été supprimés : {names}.</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="391" />
      <source>Removed {count} hidden partial table(s) in {database} that runs ended before finishing had left: {names}.</source>
      <translation>{count} table(s) partielle(s) cachée(s) laissée(s) dans {database} par des exécutions interrompues ont été supprimées : {names}.</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="403" />
      <source>{share} of the cells withheld, within the policy's tolerance of {tolerance}.</source>
      <translation>{share} des mailles masquées, dans la tolérance de la politique ({tolerance}).</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="407" />
      <source>{share} of the cells withheld, above the policy's tolerance of {tolerance}: the resolution sweep does not recommend this cell size (the tolerance guides the choice of a size; it blocks nothing). Prefer a coarser size (the sweep recommends one); never lower k.</source>
      <translation>{share} des mailles masquées, au-delà de la tolérance de la politique ({tolerance}) : le balayage des résolutions ne recommande pas cette taille de maille (la tolérance guide le choix d'une taille ; elle ne bloque rien). Préférez une taille plus grossière (le balayage en recommande une) ; n'abaissez jamais k.</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="90" />
      <source>Spatial Privacy needs the Python packages {modules}. On Debian or Ubuntu: sudo apt install {packages}; elsewhere install them into QGIS's Python (OSGeo4W Shell: python -m pip install {modules}).</source>
      <translation>Spatial Privacy a besoin des paquets Python {modules}. Sous Debian ou Ubuntu : sudo apt install {packages} ; ailleurs, installez-les dans le Python de QGIS (OSGeo4W Shell : python -m pip install {modules}).</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="98" />
      <source>Grids and suppression</source>
      <translation>Grilles et secret statistique</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="99" />
      <source>Release gates</source>
      <translation>Contrôles de diffusion</translation>
    </message>
    <message>
      <location filename="processing_provider/destinations.py" line="240" />
      <source>The output '{output}' ({destination}) would overwrite the input '{input}', which would be lost. Write the output to another file (or another layer of the GeoPackage: Save to GeoPackage…).</source>
      <translation>La sortie « {output} » ({destination}) écraserait l'entrée « {input} », qui serait perdue. Écrivez la sortie dans un autre fichier (ou une autre couche du GeoPackage : Enregistrer dans un GeoPackage…).</translation>
    </message>
    <message>
      <location filename="processing_provider/destinations.py" line="247" />
      <source>The outputs '{first}' and '{second}' are both written to {destination}: the second would replace the first. Give each its own file or layer.</source>
      <translation>Les sorties « {first} » et « {second} » sont toutes deux écrites dans {destination} : la seconde remplacerait la première. Donnez à chacune son propre fichier ou sa propre couche.</translation>
    </message>
    <message>
      <location filename="processing_provider/destinations.py" line="266" />
      <source>The output '{output}' would replace the existing PostGIS table {table}, which this plugin did not write. Choose a table name that does not exist yet (or drop the table yourself if it is no longer needed).</source>
      <translation>La sortie « {output} » remplacerait la table PostGIS existante {table}, que cette extension n'a pas écrite. Choisissez un nom de table qui n'existe pas encore (ou supprimez vous-même la table si elle n'est plus utile).</translation>
    </message>
    <message>
      <location filename="processing_provider/destinations.py" line="273" />
      <source>The output '{output}' would replace the layer {table} of {path}, which this plugin did not write. Choose a layer name the file does not hold yet (or delete that layer yourself if it is no longer needed).</source>
      <translation>La sortie « {output} » remplacerait la couche {table} de {path}, que cette extension n'a pas écrite. Choisissez un nom de couche que le fichier ne contient pas encore (ou supprimez vous-même cette couche si elle n'est plus utile).</translation>
    </message>
    <message>
      <location filename="processing_provider/destinations.py" line="281" />
      <source>The output '{output}' would replace the whole file {path}, and with it the layers it holds ({layers}), which this plugin did not write. Choose a new file, or add the output to that file as a new layer (Save to GeoPackage… with a layer name it does not hold yet).</source>
      <translation>La sortie « {output} » remplacerait tout le fichier {path}, et avec lui les couches qu'il contient ({layers}), que cette extension n'a pas écrites. Choisissez un nouveau fichier, ou ajoutez la sortie à ce fichier comme nouvelle couche (Enregistrer dans un GeoPackage… avec un nom de couche qu'il ne contient pas encore).</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="101" />
      <source>The release {name} lacks the field(s) {fields}: give the grid layers of the series as this version of the plugin writes them (the totals columns say which totals were published with each release).</source>
      <translation>La diffusion {name} n'a pas le(s) champ(s) {fields} : donnez les couches de grille de la série telles que cette version de l'extension les écrit (les colonnes de totaux disent quels totaux ont été publiés avec chaque diffusion).</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="113" />
      <source>The release {name} must have one cell size (it has {sizes}): a grid with a cell size per stratum cannot be part of a series.</source>
      <translation>La diffusion {name} doit avoir une seule taille de maille (elle a {sizes}) : une grille avec une taille de maille par strate ne peut pas faire partie d'une série.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="118" />
      <source>The release {name} has several records for one cell and attribute combination: give the layer as it was published.</source>
      <translation>La diffusion {name} a plusieurs enregistrements pour une même combinaison maille × attributs : donnez la couche telle qu'elle a été publiée.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="123" />
      <source>The release {name} has unknown status value(s) {values}; expected {expected}.</source>
      <translation>La diffusion {name} a des valeurs de statut inconnues {values} ; attendu : {expected}.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="129" />
      <source>The release {name} has published cells without a count: give the layer as it was published.</source>
      <translation>La diffusion {name} a des mailles publiées sans effectif : donnez la couche telle qu'elle a été publiée.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="146" />
      <source>A series audit needs series_max_change in the policy file: the most a cell's count can change between consecutive releases as an attacker may assume.</source>
      <translation>Un audit de série exige series_max_change dans le fichier de politique : la variation maximale de l'effectif d'une maille entre deux diffusions consécutives qu'un attaquant peut supposer.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="159" />
      <source>Series audit with {count} earlier release(s), assuming no cell changes by more than {delta:g} between releases.</source>
      <translation>Audit de série avec {count} diffusion(s) antérieure(s), en supposant qu'aucune maille ne varie de plus de {delta:g} entre deux diffusions.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="16" />
      <source>none</source>
      <translation>aucun</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="16" />
      <source>parent cells</source>
      <translation>mailles parentes</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="17" />
      <source>grand total and parent cells</source>
      <translation>total général et mailles parentes</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="174" />
      <source>The release {name} states {n} people (its metadata): the series audit holds it as the attacker does.</source>
      <translation>La diffusion {name} indique {n} personnes (ses métadonnées) : l’audit de la série le retient comme le fait l’attaquant.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="197" />
      <source>The earlier release {name} publishes the attribute fields ({theirs}), this grid ({ours}): a series keeps the same breakdown.</source>
      <translation>La diffusion antérieure {name} publie les champs d'attributs ({theirs}), cette grille ({ours}) : une série garde la même ventilation.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="203" />
      <source>The earlier release {name} is in {theirs}, this grid in {ours}: a series keeps one CRS and one grid.</source>
      <translation>La diffusion antérieure {name} est en {theirs}, cette grille en {ours} : une série garde un seul SCR et une seule grille.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="208" />
      <source>The earlier release {name} has {theirs:g} m cells, this grid {ours:g} m: a series keeps one cell size.</source>
      <translation>La diffusion antérieure {name} a des mailles de {theirs:g} m, cette grille de {ours:g} m : une série garde une seule taille de maille.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="214" />
      <source>The earlier release {name} is on another grid origin: cells of a series must be the same cells. Leave the origin empty to take the series' origin.</source>
      <translation>La diffusion antérieure {name} est sur une autre origine de grille : les mailles d'une série doivent être les mêmes. Laissez l'origine vide pour reprendre celle de la série.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="247" />
      <source>Points of people (projected CRS in metres)</source>
      <translation>Points des personnes (SCR projeté en mètres)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="253" />
      <source>Person id field (counts are of distinct ids)</source>
      <translation>Champ identifiant de personne (on compte les identifiants distincts)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="260" />
      <source>Published attribute fields (counts per cell × attributes)</source>
      <translation>Champs d'attributs publiés (effectifs par maille × attributs)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="266" />
      <source>Totals published beside the grid</source>
      <translation>Totaux publiés à côté de la grille</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="269" />
      <source>Parent cell width, in cells (250 m cells, 1 km parents: 4)</source>
      <translation>Largeur des mailles parentes, en mailles (250 m dans 1 km : 4)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="279" />
      <source>No cell size was given (in a model: the resolution sweep recommended none, as no size it tried withholds few enough cells under the policy). Nothing was written. Try coarser cell sizes in the sweep; never raise the policy's tolerance to publish.</source>
      <translation>Aucune taille de maille n'a été donnée (dans un modèle : le balayage des résolutions n'en a recommandé aucune, car aucune taille essayée ne masque assez peu de cellules selon la politique). Rien n'a été écrit. Essayez des tailles de maille plus grandes dans le balayage ; n'augmentez jamais la tolérance de la politique pour publier.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="314" />
      <source>The grid takes the origin of the earlier release {name}.</source>
      <translation>La grille reprend l'origine de la diffusion antérieure {name}.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="333" />
      <source>Choose the field that names the strata.</source>
      <translation>Choisissez le champ qui nomme les strates.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="355" />
      <source>Choose the field that identifies people.</source>
      <translation>Choisissez le champ qui identifie les personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="366" />
      <source>Multipoint features were exploded into {count} points; each part counts for the same person, so no count is inflated.</source>
      <translation>Les entités multipoints ont été éclatées en {count} points ; chaque partie compte pour la même personne, aucun effectif n'est donc gonflé.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="383" />
      <source>Grid origin: {x}, {y} (in {crs}). Reuse it in later releases so that grids stay aligned.</source>
      <translation>Origine de la grille : {x}, {y} (en {crs}). Réutilisez-la dans les diffusions suivantes pour que les grilles restent alignées.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="387" />
      <source>The origin is a multiple of {size:g} m, so every grid of this size or one dividing it lies on one lattice through (0, 0) (in EPSG:3035 the INSPIRE grid); it is no coordinate of the data.</source>
      <translation>L'origine est un multiple de {size:g} m : toute grille de cette taille ou d'une taille qui la divise repose sur un même réseau passant par (0, 0) (en EPSG:3035 la grille INSPIRE) ; ce n'est aucune coordonnée des données.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="393" />
      <source>k = {k} from ρ = {rho} (policy {hash}); counting unit: {unit}.</source>
      <translation>k = {k} d'après ρ = {rho} (politique {hash}) ; unité de comptage : {unit}.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="397" />
      <source>The policy keeps the number of people secret (population_total_secret = true): suppression does not protect against it, so it is written nowhere; never publish it with the release.</source>
      <translation>La politique garde secret le nombre de personnes (population_total_secret = true) : la suppression ne protège pas contre lui, il n'est donc écrit nulle part ; ne le publiez jamais avec la diffusion.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="402" />
      <source>{people} distinct ids in {points} points.</source>
      <translation>{people} identifiants distincts dans {points} points.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="404" />
      <source>An attacker is assumed to know the number of people in the release: withheld cells are protected against it too ({kind}).</source>
      <translation>Un attaquant est supposé connaître le nombre de personnes de la diffusion : les cellules masquées sont aussi protégées contre lui ({kind}).</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="407" />
      <source>one point per person: the cells add up to it</source>
      <translation>un point par personne : les cellules s'additionnent à ce nombre</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="409" />
      <source>several points per person: the cells add up to at least it</source>
      <translation>plusieurs points par personne : les cellules s'additionnent à au moins ce nombre</translation>
    </message>
    <message>
      <location filename="processing_provider/io/bulk_write.py" line="146" />
      <source>Could not create the GeoPackage {path}: check that its folder exists and is writable.</source>
      <translation>Impossible de créer le GeoPackage {path} : vérifiez que son dossier existe et est accessible en écriture.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/bulk_write.py" line="404" />
      <source>the values of {fields} do not fit their column type</source>
      <translation>les valeurs de {fields} ne correspondent pas au type de leur colonne</translation>
    </message>
    <message>
      <location filename="processing_provider/io/bulk_write.py" line="427" />
      <source>{count} cells written to {path} in bulk.</source>
      <translation>{count} cellules écrites en bloc dans {path}.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/bulk_write.py" line="438" />
      <source>Cells written feature by feature through QGIS, not with COPY: {reason}.</source>
      <translation>Cellules écrites entité par entité par QGIS, pas avec COPY : {reason}.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/bulk_write.py" line="441" />
      <source>{count} cells written to the PostGIS table {table} in bulk (COPY).</source>
      <translation>{count} cellules écrites en bloc dans la table PostGIS {table} (COPY).</translation>
    </message>
    <message>
      <location filename="processing_provider/io/bulk_write.py" line="480" />
      <source>{count} records written to {path} in bulk.</source>
      <translation>{count} enregistrements écrits en bloc dans {path}.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/bulk_write.py" line="488" />
      <source>the input is not a point file GDAL can stream</source>
      <translation>l'entrée n'est pas un fichier de points que GDAL peut lire en flux</translation>
    </message>
    <message>
      <location filename="processing_provider/io/bulk_write.py" line="495" />
      <source>Records written feature by feature through QGIS, not with COPY: {reason}.</source>
      <translation>Enregistrements écrits entité par entité par QGIS, pas avec COPY : {reason}.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/bulk_write.py" line="498" />
      <source>{count} records written to the PostGIS table {table} in bulk (COPY).</source>
      <translation>{count} enregistrements écrits en bloc dans la table PostGIS {table} (COPY).</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="103" />
      <source>The layer '{layer}' has no valid CRS, so its points cannot be matched with the other layers. Set the CRS its coordinates are in (Layer Properties, Source) and run again.</source>
      <translation>La couche « {layer} » n'a pas de SCR valide : ses points ne peuvent pas être rapprochés des autres couches. Définissez le SCR dans lequel sont ses coordonnées (Propriétés de la couche, Source) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="109" />
      <source>The input must be a point layer.</source>
      <translation>L'entrée doit être une couche de points.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="113" />
      <source>Read {count} points through GDAL's Arrow stream.</source>
      <translation>{count} points lus par le flux Arrow de GDAL.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="117" />
      <source>Read {count} points feature by feature.</source>
      <translation>{count} points lus entité par entité.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="161" />
      <source>{count} feature(s) have no geometry or an empty one. Repair or remove them (e.g. with 'Remove null geometries') so that nobody is left out of the counts.</source>
      <translation>{count} entité(s) n'ont pas de géométrie ou une géométrie vide. Réparez-les ou supprimez-les (par ex. avec « Supprimer les géométries nulles ») pour que personne ne soit oublié dans les comptages.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="166" />
      <source>The input layer has no features (or none selected): there is nothing to assess.</source>
      <translation>La couche d'entrée n'a aucune entité (ou aucune sélectionnée) : il n'y a rien à évaluer.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="331" />
      <source>{count} feature(s) are not points (features {fids}): the layer mixes geometry types. Keep only its points (e.g. Extract by expression: geometry_type($geometry) = 'Point'), or give each feature its point, and run again.</source>
      <translation>{count} entité(s) ne sont pas des points (entités {fids}) : la couche mélange des types de géométrie. Ne gardez que ses points (par ex. Extraire par expression : geometry_type($geometry) = 'Point'), ou donnez à chaque entité son point, et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="50" />
      <source>The field '{field}' is not in the layer; its fields are: {available}. Choose one of them.</source>
      <translation>Le champ « {field} » n'existe pas dans la couche ; ses champs sont : {available}. Choisissez-en un.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="58" />
      <source>The layer has no valid CRS. Set its CRS, then reproject it to a projected CRS in metres before binning.</source>
      <translation>La couche n'a pas de SCR valide. Définissez son SCR, puis reprojetez-la dans un SCR projeté en mètres avant le maillage.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="62" />
      <source>The layer's CRS {crs} is geographic (degrees): reproject to a metric CRS before binning (e.g. a UTM zone or your national grid).</source>
      <translation>Le SCR de la couche {crs} est géographique (degrés) : reprojetez dans un SCR métrique avant le maillage (par ex. une zone UTM ou votre projection nationale).</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="66" />
      <source>The layer's CRS {crs} is not in metres: reproject to a metric CRS before binning.</source>
      <translation>Le SCR de la couche {crs} n'est pas en mètres : reprojetez dans un SCR métrique avant le maillage.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/layers.py" line="96" />
      <source>The layer '{layer}' has no geometry: it is a table without points (a CSV loaded without its coordinate fields, say). Load it as points (Add Delimited Text Layer, Point coordinates, with its X and Y fields and their CRS) and run again.</source>
      <translation>La couche « {layer} » n'a pas de géométrie : c'est une table sans points (un CSV chargé sans ses champs de coordonnées, par exemple). Chargez-la comme points (Ajouter une couche de texte délimité, Coordonnées du point, avec ses champs X et Y et leur SCR) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/polygons.py" line="25" />
      <source>The layer '{layer}' has no CRS: its file records '{crs}', the placeholder for none, so its polygons cannot be matched with the points. Set the CRS its coordinates are in (Layer Properties, Source, or a copy saved with it) and run again.</source>
      <translation>La couche « {layer} » n'a pas de SCR : son fichier indique « {crs} », qui tient lieu d'absence de SCR, et ses polygones ne peuvent donc pas être rapprochés des points. Définissez le SCR dans lequel sont ses coordonnées (Propriétés de la couche, Source, ou une copie enregistrée avec lui) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/polygons.py" line="45" />
      <source>The layer '{layer}' has no valid CRS, so its polygons cannot be matched with the points. Set the CRS its coordinates are in (Layer Properties, Source) and run again.</source>
      <translation>La couche « {layer} » n'a pas de SCR valide : ses polygones ne peuvent pas être rapprochés des points. Définissez le SCR dans lequel sont ses coordonnées (Propriétés de la couche, Source) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/polygons.py" line="73" />
      <source>The layer '{layer}' has features that are not polygons (features {fids}): keep only its polygons and run again.</source>
      <translation>La couche « {layer} » a des entités qui ne sont pas des polygones (entités {fids}) : ne gardez que ses polygones et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/polygons.py" line="78" />
      <source>The layer '{layer}' has invalid polygons (features {fids}), such as a ring that crosses itself: repair them first (Processing: Fix geometries) and run again.</source>
      <translation>La couche « {layer} » a des polygones invalides (entités {fids}), par exemple un anneau qui se recoupe : réparez-les d'abord (Traitement : Réparer les géométries) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis.py" line="337" />
      <source>{res:g} m cells counted in PostGIS ({where}): {count} rows returned in {seconds:.1f} s.</source>
      <translation>Cellules de {res:g} m comptées dans PostGIS ({where}) : {count} lignes renvoyées en {seconds:.1f} s.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis.py" line="355" />
      <source>Cells of {res:g} m this far from the origin do not fit the count in PostGIS: choose a larger cell size or an origin nearer the data.</source>
      <translation>Des cellules de {res:g} m aussi loin de l'origine ne tiennent pas dans le comptage dans PostGIS : choisissez une taille de maille plus grande ou une origine plus proche des données.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis.py" line="443" />
      <source>Counting in PostGIS failed ({error}); reading the points instead.</source>
      <translation>Le comptage dans PostGIS a échoué ({error}) ; les points sont lus à la place.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis.py" line="458" />
      <source>Counting in PostGIS ({where}): {rows} points are not read into QGIS.</source>
      <translation>Comptage dans PostGIS ({where}) : les {rows} points ne sont pas lus dans QGIS.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_bulk.py" line="251" />
      <source>the destination names its own key column</source>
      <translation>la destination nomme sa propre colonne de clé</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_bulk.py" line="253" />
      <source>the key field {field} is not a 64-bit integer</source>
      <translation>le champ de clé {field} n'est pas un entier de 64 bits</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_bulk.py" line="255" />
      <source>the destination names no geometry column</source>
      <translation>la destination ne nomme pas de colonne de géométrie</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_bulk.py" line="257" />
      <source>the destination has a filter</source>
      <translation>la destination a un filtre</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_bulk.py" line="261" />
      <source>the field(s) {fields} have no bulk type</source>
      <translation>le ou les champs {fields} n'ont pas de type pour l'écriture en bloc</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_bulk.py" line="263" />
      <source>its authentication configuration could not be resolved</source>
      <translation>sa configuration d'authentification n'a pas pu être résolue</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_bulk.py" line="291" />
      <source>the server does not know the SRID {srid}</source>
      <translation>le serveur ne connaît pas le SRID {srid}</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_bulk.py" line="337" />
      <source>Writing the PostGIS table {table} failed, so nothing was written: {error}</source>
      <translation>L'écriture de la table PostGIS {table} a échoué, donc rien n'a été écrit : {error}</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_keyed.py" line="116" />
      <source>{res:g} m cells and their cell keys counted in PostGIS ({where}): {count} rows returned in {seconds:.1f} s.</source>
      <translation>Cellules de {res:g} m et leurs clés de cellule comptées dans PostGIS ({where}) : {count} lignes renvoyées en {seconds:.1f} s.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_keyed.py" line="285" />
      <source>{res:g} m cells of the domain counted in PostGIS ({where}): {count} rows returned in {seconds:.1f} s.</source>
      <translation>Cellules de {res:g} m du domaine comptées dans PostGIS ({where}) : {count} lignes renvoyées en {seconds:.1f} s.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_keyed.py" line="39" />
      <source>The field '{field}' is of type {kind}, whose values QGIS may read otherwise than the database: reading the points instead of counting in the database.</source>
      <translation>Le champ « {field} » est de type {kind}, dont QGIS peut lire les valeurs autrement que la base de données : lecture des points au lieu du comptage dans la base.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_source.py" line="26" />
      <source>The PostGIS layer's filter contains {marks}: the plugin places the filter in its own queries, so a filter that could end a statement or hide text in a comment is refused. Remove them from the layer's filter (Filter… in the layer's menu).</source>
      <translation>Le filtre de la couche PostGIS contient {marks} : l'extension place le filtre dans ses propres requêtes, aussi un filtre qui pourrait terminer une instruction ou cacher du texte dans un commentaire est refusé. Retirez-les du filtre de la couche (Filtrer… dans le menu de la couche).</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_source.py" line="40" />
      <source>Counting in PostGIS needs psycopg2 in QGIS's Python (Debian/Ubuntu: sudo apt install python3-psycopg2); reading the points instead.</source>
      <translation>Compter dans PostGIS demande psycopg2 dans le Python de QGIS (Debian/Ubuntu : sudo apt install python3-psycopg2) ; les points sont lus à la place.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_source.py" line="45" />
      <source>The PostGIS layer is a query layer: reading its points instead of counting in the database.</source>
      <translation>La couche PostGIS est une couche de requête : ses points sont lus au lieu d'être comptés dans la base.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_source.py" line="53" />
      <source>{count} row(s) of the PostGIS layer need the general path (no point geometry, a multipoint, a NULL id or a coordinate out of range): reading the points instead of counting in the database.</source>
      <translation>{count} ligne(s) de la couche PostGIS demandent le chemin général (pas de géométrie ponctuelle, un multipoint, un identifiant NULL ou une coordonnée hors limites) : les points sont lus au lieu d'être comptés dans la base.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_zones.py" line="209" />
      <source>Zones counted in PostGIS ({where}): {count} rows returned in {seconds:.1f} s.</source>
      <translation>Zones comptées dans PostGIS ({where}) : {count} lignes renvoyées en {seconds:.1f} s.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_zones.py" line="238" />
      <source>Zones that share a sliver are assigned point by point: reading the points instead of counting in the database.</source>
      <translation>Des zones partagent un éclat : les points sont attribués un par un, en lisant les points au lieu de compter dans la base de données.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_zones.py" line="247" />
      <source>The records are in another CRS than the zones: reading the points (reprojected by QGIS) instead of counting in the database.</source>
      <translation>Les enregistrements sont dans un autre SCR que les zones : lecture des points (reprojetés par QGIS) au lieu du comptage dans la base de données.</translation>
    </message>
    <message>
      <location filename="processing_provider/io/postgis_zones.py" line="251" />
      <source>The PostGIS layer has no single-column key (points on zone borders are told apart by it): reading the points instead of counting in the database.</source>
      <translation>La couche PostGIS n'a pas de clé d'une seule colonne (elle distingue les points situés sur les limites des zones) : lecture des points au lieu du comptage dans la base de données.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="107" />
      <source>Release ledger (a new file starts one)</source>
      <translation>Registre des diffusions (un nouveau fichier en démarre un)</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="111" />
      <source>Release id</source>
      <translation>Identifiant de diffusion</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="116" />
      <source>Earlier release's ledger head (entry:hash, or its file)</source>
      <translation>Tête de registre d'une diffusion antérieure (n:empreinte ou fichier)</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="150" />
      <source>The ledger holds the head(s) {heads} of earlier releases.</source>
      <translation>Le registre contient la ou les têtes {heads} des diffusions antérieures.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="153" />
      <source>No ledger at {path}: a new ledger is started there, with no earlier releases. If the programme already has a ledger, give its path instead: a second ledger restarts the cumulative budget. Give the head of an earlier release (LEDGER_HEAD) to make a missing ledger an error.</source>
      <translation>Aucun registre à {path} : un nouveau registre y est commencé, sans diffusion antérieure. Si le programme a déjà un registre, donnez plutôt son chemin : un second registre remet le budget cumulé à zéro. Donnez la tête d'une diffusion antérieure (LEDGER_HEAD) pour qu'un registre manquant soit une erreur.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="168" />
      <source>The release {release} is charged to the ledger (head {head}), but its output could not be completed: {reason} The budget stays spent (a release that may have escaped counts); give the next release its own id.</source>
      <translation>La diffusion {release} est imputée au registre (tête {head}), mais sa sortie n'a pas pu être achevée : {reason} Le budget reste dépensé (une diffusion qui a pu s'échapper compte) ; donnez à la prochaine diffusion son propre identifiant.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="206" />
      <source>The output folder {folder} cannot be written ({reason}): nothing was released and no budget was spent. Choose a folder you can write to.</source>
      <translation>Le dossier de sortie {folder} n'est pas accessible en écriture ({reason}) : rien n'a été diffusé et aucun budget n'a été dépensé. Choisissez un dossier où vous pouvez écrire.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="21" />
      <source>Ledger (*.sqlite *.db *.gpkg)</source>
      <translation>Registre (*.sqlite *.db *.gpkg)</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="215" />
      <source>The output file {path} cannot be written ({reason}): nothing was released and no budget was spent. Choose a file you can write to, or a new one.</source>
      <translation>Le fichier de sortie {path} ne peut pas être écrit ({reason}) : rien n'a été diffusé et aucun budget n'a été dépensé. Choisissez un fichier où vous pouvez écrire, ou un nouveau fichier.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="22" />
      <source>All files (*)</source>
      <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="242" />
      <source>The PostGIS database {database} of the output cannot be reached (the server does not answer, or refuses the connection): nothing was released and no budget was spent. Check the connection, or write the output to a file.</source>
      <translation>La base PostGIS {database} de la sortie est injoignable (le serveur ne répond pas, ou refuse la connexion) : rien n'a été diffusé et aucun budget n'a été dépensé. Vérifiez la connexion, ou écrivez la sortie dans un fichier.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="249" />
      <source>The output table {table} cannot be made in the PostGIS database {database}: its schema {schema} does not exist. Nothing was released and no budget was spent. Name an existing schema.</source>
      <translation>La table de sortie {table} ne peut pas être créée dans la base PostGIS {database} : son schéma {schema} n'existe pas. Rien n'a été diffusé et aucun budget n'a été dépensé. Indiquez un schéma existant.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="254" />
      <source>The output table {table} cannot be made in the PostGIS database {database}: the user {user} may not create tables in the schema {schema}. Nothing was released and no budget was spent. Choose a schema where you may create tables.</source>
      <translation>La table de sortie {table} ne peut pas être créée dans la base PostGIS {database} : l'utilisateur {user} ne peut pas créer de table dans le schéma {schema}. Rien n'a été diffusé et aucun budget n'a été dépensé. Choisissez un schéma où vous pouvez créer des tables.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="271" />
      <source>Cancelled.</source>
      <translation>Annulé.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="274" />
      <source>The release {release} is charged to the ledger (entry {seq}), but its output could not be completed: {reason} The budget stays spent (a release that may have escaped counts); give the next release its own id.</source>
      <translation>La diffusion {release} est imputée au registre (entrée {seq}), mais sa sortie n'a pas pu être achevée : {reason} Le budget reste dépensé (une diffusion qui a pu s'échapper compte) ; donnez à la prochaine diffusion son propre identifiant.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="34" />
      <source>Choose the programme's ledger file (a new file starts a ledger). In a model saved with an earlier version, where the ledger was an output of this step, add a file input for the ledger and connect it to this step's ledger.</source>
      <translation>Choisissez le fichier registre du programme (un nouveau fichier démarre un registre). Dans un modèle enregistré avec une version antérieure, où le registre était une sortie de cette étape, ajoutez une entrée fichier pour le registre et reliez-la au registre de cette étape.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="38" />
      <source>The risk budget gate needs a ledger that outlives the run, not a temporary file: choose the programme's ledger file, or a new file in a kept folder to start one.</source>
      <translation>Le contrôle du budget de risque a besoin d'un registre qui survit à l'exécution, pas d'un fichier temporaire : choisissez le fichier registre du programme, ou un nouveau fichier dans un dossier conservé pour en démarrer un.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="43" />
      <source>The ledger {path} is in QGIS's temporary folder, which is deleted when QGIS closes: the next run would start a fresh budget. Choose the programme's ledger file, or a new file in a kept folder.</source>
      <translation>Le registre {path} est dans le dossier temporaire de QGIS, supprimé à la fermeture de QGIS : l'exécution suivante repartirait d'un budget neuf. Choisissez le fichier registre du programme, ou un nouveau fichier dans un dossier conservé.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="56" />
      <source>The earlier release output {path} cannot be opened: give a ledger head (entry:hash) or the file of a DP grid or risk budget gate record.</source>
      <translation>La sortie de diffusion antérieure {path} ne peut pas être ouverte : donnez une tête du registre (entrée:empreinte) ou le fichier d'une grille DP ou d'une fiche du contrôle du budget de risque.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="61" />
      <source>The earlier release output {path} carries no ledger head (no ledger_head field): give the output of the DP grid or of the risk budget gate, or the head itself (entry:hash).</source>
      <translation>La sortie de diffusion antérieure {path} ne porte aucune tête du registre (pas de champ ledger_head) : donnez la sortie de la grille DP ou du contrôle du budget de risque, ou la tête elle-même (entrée:empreinte).</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="71" />
      <source>The earlier release output {path} has a record without a ledger head: it is not as the release wrote it.</source>
      <translation>La sortie de diffusion antérieure {path} a un enregistrement sans tête du registre : elle n'est pas telle que la diffusion l'a écrite.</translation>
    </message>
    <message>
      <location filename="processing_provider/ledger_base.py" line="77" />
      <source>The earlier release output {path} has no record, so no ledger head.</source>
      <translation>La sortie de diffusion antérieure {path} n'a aucun enregistrement, donc aucune tête du registre.</translation>
    </message>
    <message>
      <location filename="processing_provider/person_field.py" line="57" />
      <source>{count} id(s) of the person id field '{field}' are written in several forms that differ only by leading zeros or surrounding spaces ({examples}): each form counts as a different person. If they are one person, clean the field (trim the spaces, remove the leading zeros) and run again.</source>
      <translation>{count} identifiant(s) du champ d'identifiant de personne « {field} » sont écrits sous plusieurs formes qui ne diffèrent que par des zéros en tête ou des espaces autour ({examples}) : chaque forme compte comme une personne différente. S'il s'agit d'une même personne, nettoyez le champ (retirez les espaces et les zéros en tête) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/person_field.py" line="80" />
      <source>The person id field '{field}' is the layer's feature id or primary key: every feature counts as a person, so the counts are of features, not people. Choose the field that identifies people.</source>
      <translation>Le champ d'identifiant de personne « {field} » est l'identifiant d'entité ou la clé primaire de la couche : chaque entité compte pour une personne, si bien que les effectifs sont des entités, pas des personnes. Choisissez le champ qui identifie les personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/person_field.py" line="84" />
      <source>Every value of the person id field '{field}' is distinct while '{other}', named like a person id, repeats: each feature counts as a person. Choose the field that identifies people.</source>
      <translation>Toutes les valeurs du champ d'identifiant de personne « {field} » sont distinctes alors que « {other} », nommé comme un identifiant de personne, se répète : chaque entité compte pour une personne. Choisissez le champ qui identifie les personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/person_field.py" line="89" />
      <source>Every value of the person id field '{field}' is distinct and together they are consecutive integers, as row numbers are: where people have several points, each feature counts as a person. Choose the field that identifies people (or ignore this if each person has one point).</source>
      <translation>Toutes les valeurs du champ d'identifiant de personne « {field} » sont distinctes et forment ensemble des entiers consécutifs, comme des numéros de ligne : là où les personnes ont plusieurs points, chaque entité compte pour une personne. Choisissez le champ qui identifie les personnes (ou ignorez ceci si chaque personne a un seul point).</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/example_models.py" line="68" />
      <source>The example model {path} could not be read: reinstall the plugin.</source>
      <translation>Le modèle d'exemple {path} n'a pas pu être lu : réinstallez l'extension.</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/html_chart.py" line="27" />
      <source>The chart needs the Python package plotly, which this QGIS does not have. On Debian or Ubuntu: sudo apt install python3-plotly; elsewhere install it into QGIS's Python (OSGeo4W Shell: python -m pip install plotly). The table holds every figure the chart would show.</source>
      <translation>Le graphique demande le paquet Python plotly, absent de ce QGIS. Sous Debian ou Ubuntu : sudo apt install python3-plotly ; ailleurs, installez-le dans le Python de QGIS (OSGeo4W Shell : python -m pip install plotly). La table contient tous les chiffres que le graphique montrerait.</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="103" />
      <source>Withheld (not published)</source>
      <translation>Masquée (non publiée)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="127" />
      <source>No estimate (blocks a release)</source>
      <translation>Aucune estimation (bloque une diffusion)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="136" />
      <source>{low} to {high}</source>
      <translation>{low} à {high}</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="138" />
      <source>{range} (above the ceiling)</source>
      <translation>{range} (au-dessus du plafond)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="140" />
      <source>{range} (all zones)</source>
      <translation>{range} (toutes les zones)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="207" />
      <source>{size:g} m cells: counts ±{accuracy} people (95 %)</source>
      <translation>Mailles de {size:g} m : effectifs à ±{accuracy} personnes (95 %)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="219" />
      <source>{range} (within the noise of an empty cell)</source>
      <translation>{range} (dans le bruit d'une maille vide)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="90" />
      <source>0 (a perturbed count: not necessarily empty)</source>
      <translation>0 (un effectif perturbé : pas forcément vide)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="91" />
      <source>0 (an empty cell)</source>
      <translation>0 (une maille vide)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="94" />
      <source>{low} or more</source>
      <translation>{low} ou plus</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/styles.py" line="97" />
      <source>{low}–{high}</source>
      <translation>{low}–{high}</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="28" />
      <source>{swapped:,} of {households:,} households swapped ({share}; the swap rate asked for {target:,}). {high:,} household(s) were high-risk; {unswapped:,} of them kept their location for want of a donor. For the data holder only: never publish this report.</source>
      <translation>{swapped:,} ménages échangés sur {households:,} ({share} ; le taux d'échange en demandait {target:,}). {high:,} ménage(s) étaient à risque ; {unswapped:,} d'entre eux ont gardé leur lieu faute de donneur. Pour le détenteur des données seul : ne publiez jamais ce rapport.</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="44" />
      <source>Swapped share per level</source>
      <translation>Part échangée par niveau</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="45" />
      <source>level</source>
      <translation>niveau</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="45" />
      <source>areas</source>
      <translation>zones</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="45" />
      <source>high-risk swaps</source>
      <translation>échanges de ménages à risque</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="45" />
      <source>swaps for the rate</source>
      <translation>échanges pour le taux</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="47" />
      <source>households whose area changed</source>
      <translation>ménages dont la zone a changé</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="47" />
      <source>share</source>
      <translation>part</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="48" />
      <source>smallest share in an area</source>
      <translation>plus petite part dans une zone</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="48" />
      <source>median share in an area</source>
      <translation>part médiane dans une zone</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="49" />
      <source>largest share in an area</source>
      <translation>plus grande part dans une zone</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="50" />
      <source>Top-level areas (largest share moved first)</source>
      <translation>Zones du plus haut niveau (plus grande part déplacée d'abord)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="51" />
      <source>area</source>
      <translation>zone</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="51" />
      <source>households that left</source>
      <translation>ménages partis</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="52" />
      <source>households that came</source>
      <translation>ménages arrivés</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="52" />
      <source>share moved</source>
      <translation>part déplacée</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="54" />
      <source>Distances between swapped households</source>
      <translation>Distances entre ménages échangés</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="55" />
      <source>distance (metres)</source>
      <translation>distance (mètres)</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="55" />
      <source>swaps</source>
      <translation>échanges</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="56" />
      <source>donor distance {distance} m</source>
      <translation>distance du donneur {distance} m</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="58" />
      <source>Record swap</source>
      <translation>Échange d'enregistrements</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="66" />
      <source>No household was high-risk.</source>
      <translation>Aucun ménage n'était à risque élevé.</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="67" />
      <source>An intruder who knows a high-risk household's true cell (at the level where it was at risk) finds it published there for {same} of them, and within the 3 × 3 cells around it for {near} (without the swap: 100 %).</source>
      <translation>Un intrus qui connaît la vraie maille d'un ménage à risque élevé (au niveau où il était à risque) l'y trouve publié pour {same} d'entre eux, et dans les 3 × 3 mailles qui l'entourent pour {near} (sans l'échange : 100 %).</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="75" />
      <source>high-risk households</source>
      <translation>ménages à risque élevé</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="75" />
      <source>swapped households</source>
      <translation>ménages échangés</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="78" />
      <source>Published near the true cell</source>
      <translation>Publiés près de la vraie maille</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="80" />
      <source>households</source>
      <translation>ménages</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="80" />
      <source>number</source>
      <translation>nombre</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="80" />
      <source>published in their true cell</source>
      <translation>publiés dans leur vraie maille</translation>
    </message>
    <message>
      <location filename="processing_provider/presentation/swap_report.py" line="81" />
      <source>published within the 3 × 3 cells around it</source>
      <translation>publiés dans les 3 × 3 mailles qui l'entourent</translation>
    </message>
    <message>
      <location filename="processing_provider/provider.py" line="38" />
      <source>Spatial Privacy {version}</source>
      <translation>Confidentialité spatiale {version}</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/dp_gate.py" line="38" />
      <source>The DP release lacks the field(s) {fields}: give the layer as the differentially private grid wrote it.</source>
      <translation>La diffusion DP n'a pas le(s) champ(s) {fields} : donnez la couche telle que la grille différentiellement privée l'a écrite.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/dp_gate.py" line="47" />
      <source>k-anonymity gate FAILED for a DP release (policy {hash}): {problems}</source>
      <translation>Contrôle de k-anonymat ÉCHOUÉ pour une diffusion DP (politique {hash}) : {problems}</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/dp_gate.py" line="51" />
      <source>DP release: {records} record(s) at ε = {epsilon:g} ({mechanism}) within the policy's epsilon_budget {budget:g}. Its protection is the noise, not k: small and zero counts are published on purpose.</source>
      <translation>Diffusion DP : {records} enregistrement(s) à ε = {epsilon:g} ({mechanism}) dans l'epsilon_budget {budget:g} de la politique. Sa protection est le bruit, pas k : les petits comptes et les zéros sont publiés à dessein.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/dp_gate.py" line="73" />
      <source>DP releases of {dataset}: {releases}, ε spent {spent:.4g} of {budget:g}, {remaining:.4g} remaining. (A DP guarantee does not weaken with new auxiliary data; only further releases spend it.)</source>
      <translation>Diffusions DP de {dataset} : {releases}, ε dépensé {spent:.4g} sur {budget:g}, {remaining:.4g} restant. (Une garantie DP ne faiblit pas avec de nouvelles données auxiliaires ; seules de nouvelles diffusions la consomment.)</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/overlay.py" line="100" />
      <source>The audit layer '{layer}' has counts that are no whole number of 0 or more people ({examples}): give each area's count of distinct people, or NULL where it is withheld.</source>
      <translation>La couche d'audit « {layer} » a des effectifs qui ne sont pas un nombre entier positif ou nul de personnes ({examples}) : donnez l'effectif de personnes distinctes de chaque zone, ou NULL là où il est masqué.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/overlay.py" line="122" />
      <source>The audit layer '{layer}' has a count that is not a number in '{field}' (feature {fid}): choose its numeric count field.</source>
      <translation>La couche d'audit « {layer} » a un effectif qui n'est pas un nombre dans « {field} » (entité {fid}) : choisissez son champ d'effectif numérique.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/overlay.py" line="132" />
      <source>The area {fid} of '{layer}' cannot be reprojected to the grid's CRS {crs} (it lies outside that CRS's area of use): clip the layer to the grid's extent, or publish the grid in a CRS that covers it.</source>
      <translation>La zone {fid} de '{layer}' ne peut pas être reprojetée dans le SCR de la grille {crs} (elle sort du domaine d'emploi de ce SCR) : découpez la couche à l'emprise de la grille, ou publiez la grille dans un SCR qui la couvre.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/overlay.py" line="344" />
      <source>The audit layer '{layer}' has areas that overlap ({first} and {second}): the areas of one audit layer must not overlap. Give each set of areas that do not overlap (municipalities, districts) as an audit layer of its own, or in one layer with a '{field}' field naming each set, as the suppressed grid's zone counts have.</source>
      <translation>La couche d'audit « {layer} » a des zones qui se chevauchent ({first} et {second}) : les zones d'une même couche d'audit ne doivent pas se chevaucher. Donnez chaque ensemble de zones qui ne se chevauchent pas (communes, arrondissements) comme une couche d'audit à part, ou dans une seule couche avec un champ « {field} » qui nomme chaque ensemble, comme les effectifs de zones de la grille supprimée.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/overlay.py" line="72" />
      <source>The audit layer '{layer}' is not a polygon layer ({kind}): the audit reads each published count over the area it covers. Give the published areas as polygons (for totals of parent cells, the parent grid's polygons).</source>
      <translation>La couche d'audit « {layer} » n'est pas une couche de polygones ({kind}) : l'audit lit chaque comptage publié sur la surface qu'il couvre. Donnez les surfaces publiées en polygones (pour les totaux des cellules parentes, les polygones de la grille parente).</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/overlay.py" line="89" />
      <source>The audit layer '{layer}' has {count} feature(s) without a geometry (features {fids}): every published area needs its polygon. Give them their polygons, or delete them, in a copy of the layer.</source>
      <translation>La couche d'audit « {layer} » a {count} entité(s) sans géométrie (entités {fids}) : chaque zone publiée a besoin de son polygone. Donnez-leur leurs polygones, ou supprimez-les, dans une copie de la couche.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/overlay.py" line="95" />
      <source>The audit layer '{layer}' has invalid geometries (features {fids}): repair them first (Processing: Fix geometries).</source>
      <translation>La couche d'audit « {layer} » a des géométries invalides (entités {fids}) : réparez-les d'abord (Traitement : Réparer les géométries).</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/perturbed_releases.py" line="118" />
      <source>The audit layer '{layer}' has cells of {size:g} m, not a whole multiple (2 or more) of this release's {cell:g} m: give the coarser cell key grids published beside it, on the same origin.</source>
      <translation>La couche d'audit « {layer} » a des mailles de {size:g} m, pas un multiple entier (2 ou plus) des {cell:g} m de cette diffusion : indiquez les grilles par clés de cellule plus grossières publiées à côté, sur la même origine.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/perturbed_releases.py" line="135" />
      <source>Audit of the cell key release (an attacker who knows D and the p-table) against {count} published total(s): {pinned} cell(s) pinned.</source>
      <translation>Audit de la diffusion par clés de cellule (un attaquant qui connaît D et la p-table) face à {count} total(s) publié(s) : {pinned} maille(s) fixée(s).</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/perturbed_releases.py" line="142" />
      <source>a single value</source>
      <translation>une seule valeur</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/perturbed_releases.py" line="142" />
      <source>an interval narrower than ckm_min_width = {width:g}</source>
      <translation>un intervalle plus étroit que ckm_min_width = {width:g}</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/perturbed_releases.py" line="31" />
      <source>k-anonymity gate FAILED: this cell key release lacks the field(s) {fields}; give the layer as the cell key grid wrote it.</source>
      <translation>ÉCHEC du contrôle de k-anonymat : cette diffusion à clé de cellule n'a pas le ou les champs {fields} ; donnez la couche telle que la grille à clé de cellule l'a écrite.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/perturbed_releases.py" line="46" />
      <source>k-anonymity gate FAILED (cell key release, policy {hash}): {problems}</source>
      <translation>ÉCHEC du contrôle de k-anonymat (diffusion à clé de cellule, politique {hash}) : {problems}</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/perturbed_releases.py" line="50" />
      <source>k-anonymity gate passed a cell key release: {checked} published record(s) perturbed with the approved p-table; the k threshold does not apply to perturbed counts.</source>
      <translation>Le contrôle de k-anonymat a accepté une diffusion à clé de cellule : {checked} enregistrement(s) publié(s) perturbé(s) avec la table p approuvée ; le seuil k ne s'applique pas aux effectifs perturbés.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/perturbed_releases.py" line="77" />
      <source>The cell key release '{layer}' lacks the field(s) {fields}: give the layers as the cell key grid wrote them.</source>
      <translation>La diffusion par clés de cellule « {layer} » n'a pas le(s) champ(s) {fields} : indiquez les couches telles que la grille par clés de cellule les a écrites.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/perturbed_releases.py" line="84" />
      <source>The cell key release '{layer}' mixes cell sizes ({sizes}): give one grid per layer.</source>
      <translation>La diffusion par clés de cellule « {layer} » mélange des tailles de maille ({sizes}) : indiquez une grille par couche.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_cells.py" line="45" />
      <source>{count} record(s) have no geometry (feature ids {ids}): the audit cannot place them, and leaving them out would hide what they publish. Give every record its cell, or remove the records from the layer to publish.</source>
      <translation>{count} enregistrement(s) sans géométrie (identifiants d'entité {ids}) : l'audit ne peut pas les placer, et les écarter cacherait ce qu'ils publient. Donnez à chaque enregistrement sa cellule, ou retirez ces enregistrements de la couche à publier.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_cells.py" line="58" />
      <source>{count} record(s) repeat a cell (and its attribute values) published by another record (feature ids {pairs}): each cell is published once per combination of attribute values. The gate reads a layer's attribute fields between resolution_m and n_persons, as this plugin's grids write them: for a grid published per attribute, put its attribute fields there (Refactor fields); else remove the copies.</source>
      <translation>{count} enregistrement(s) répètent une cellule (et ses valeurs d'attributs) publiée par un autre enregistrement (identifiants d'entité {pairs}) : chaque cellule est publiée une fois par combinaison de valeurs d'attributs. Le contrôle lit les champs d'attributs d'une couche entre resolution_m et n_persons, comme les grilles de cette extension les écrivent : pour une grille publiée par attribut, placez-y ses champs d'attributs (Refactoriser les champs) ; sinon supprimez les copies.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_cells.py" line="67" />
      <source>{count} pair(s) of cells overlap (feature ids {pairs}): the difference of two overlapping cells publishes the people in the part they do not share, which the audit cannot see. Publish cells that do not overlap (one grid), or release the coarser layer separately as an audit layer.</source>
      <translation>{count} paire(s) de cellules se chevauchent (identifiants d'entité {pairs}) : la différence de deux cellules qui se chevauchent publie les personnes de la partie qu'elles ne partagent pas, ce que l'audit ne voit pas. Publiez des cellules qui ne se chevauchent pas (une seule grille), ou diffusez la couche plus grossière à part, comme couche d'audit.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="169" />
      <source>the sliver(s) {slivers} (cell ∩ zone)</source>
      <translation>le(s) morceau(x) {slivers} (carreau ∩ zone)</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="171" />
      <source>the withheld cell(s) {cells}</source>
      <translation>le(s) carreau(x) masqué(s) {cells}</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="173" />
      <source>No pattern of withheld cells and zone counts was found that protects {what}: whatever is withheld, the gate's attacker narrows it below p = {p:g} or recovers it exactly from the totals, zone counts and number of people published beside it. Use a coarser grid, publish fewer totals or zone layers beside it, or review p in the policy.</source>
      <translation>Aucun schéma de carreaux et d'effectifs de zones masqués n'a été trouvé qui protège {what} : quoi que l'on masque, l'attaquant du contrôle le resserre sous p = {p:g} ou le retrouve exactement à partir des totaux, des effectifs de zones et du nombre de personnes publiés à côté. Utilisez une grille plus grossière, publiez moins de totaux ou de couches de zones à côté, ou revoyez p dans la politique.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="178" />
      <source>this release</source>
      <translation>cette diffusion</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="178" />
      <source> and </source>
      <translation> et </translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="182" />
      <source>{zones} zone count(s) published beside the grid ({withheld} withheld below k); their borders cut {cut} record(s) into slivers. {cells} more cell(s) and {protective} zone count(s) withheld so that no sliver that may hold 1 to k - 1 people can be narrowed below p = {p:g}.</source>
      <translation>{zones} effectif(s) de zones publiés à côté de la grille ({withheld} masqué(s) sous k) ; leurs limites découpent {cut} enregistrement(s) en éclats. {cells} carreau(x) et {protective} effectif(s) de zones masqués en plus pour qu'aucun éclat pouvant contenir de 1 à k - 1 personnes ne puisse être resserré sous p = {p:g}.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="50" />
      <source>The published zones layer '{layer}' is not a polygon layer: give the polygons (municipalities, postcodes) whose counts are published beside the grid.</source>
      <translation>La couche de zones publiées « {layer} » n'est pas une couche de polygones : donnez les polygones (communes, codes postaux) dont les effectifs sont publiés à côté de la grille.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="55" />
      <source>The published zones layer '{layer}' has no valid CRS: set its CRS first.</source>
      <translation>La couche de zones publiées « {layer} » n'a pas de SCR valide : définissez d'abord son SCR.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="61" />
      <source>The published zones layer '{layer}' has the field(s) {fields}, which the zone counts output writes itself: rename them in a copy of the layer.</source>
      <translation>La couche de zones publiées « {layer} » a le(s) champ(s) {fields}, que la sortie des effectifs de zones écrit elle-même : renommez-les dans une copie de la couche.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="69" />
      <source>The published zones layer '{layer}' has {count} feature(s) without a geometry (features {fids}): every published zone needs its polygon. Give them their polygons, or delete them, in a copy of the layer.</source>
      <translation>La couche de zonage publiée « {layer} » a {count} entité(s) sans géométrie (entités {fids}) : chaque zone publiée a besoin de son polygone. Donnez-leur leurs polygones, ou supprimez-les, dans une copie de la couche.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="76" />
      <source>The published zones layer '{layer}' is reprojected from {theirs} to the grid's {ours}.</source>
      <translation>La couche de zones publiées « {layer} » est reprojetée de {theirs} vers le SCR de la grille, {ours}.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="83" />
      <source>The published zones layer '{layer}' has no polygon: give the zones whose counts are published, or leave the layer out.</source>
      <translation>La couche de zones publiées « {layer} » n'a aucun polygone : donnez les zones dont les effectifs sont publiés, ou retirez la couche.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="89" />
      <source>The published zones layer '{layer}' has invalid geometries (features {fids}): repair them first (Processing: Fix geometries).</source>
      <translation>La couche de zonage publiée « {layer} » a des géométries invalides (entités {fids}) : réparez-les d'abord (Traitement : Réparer les géométries).</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/published_zones.py" line="99" />
      <source>The published zones {first} and {second} overlap: zones of one layer must not overlap (a person would be counted in both). Fix the layer '{layer}', or give overlapping zones as separate layers.</source>
      <translation>Les zones publiées {first} et {second} se chevauchent : les zones d'une même couche ne doivent pas se chevaucher (une personne serait comptée dans les deux). Corrigez la couche « {layer} », ou donnez les zones qui se chevauchent dans des couches distinctes.</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/rounding.py" line="255" />
      <source>Reprojected into the grid's CRS, the straight borders of '{layer}' bow up to {metres:.2f} m off their lines: strips that much wider along them are thin too (audited also as empty).</source>
      <translation>Reprojetées dans le SCR de la grille, les limites droites de '{layer}' s'incurvent jusqu'à {metres:.2f} m de leur tracé : les bandes plus larges d'autant le long de ces limites sont minces aussi (auditées aussi comme vides).</translation>
    </message>
    <message>
      <location filename="processing_provider/release_layers/rounding.py" line="262" />
      <source>The coordinates of '{layer}' lie on a lattice of step {step:g} (rounded): a vertex moved up to {metres:.2f} m, so strips narrower than that between its borders and the cell edges are thin (audited also as empty).</source>
      <translation>Les coordonnées de '{layer}' sont sur un réseau de pas {step:g} (arrondies) : un sommet a pu bouger de {metres:.2f} m, donc les bandes plus étroites que cela entre ses limites et les bords de cellules sont minces (auditées aussi comme vides).</translation>
    </message>
    <message>
      <location filename="processing_provider/risk_base.py" line="19" />
      <source>Key variables (categorical attributes an adversary knows)</source>
      <translation>Variables clés (attributs catégoriels que connaît un adversaire)</translation>
    </message>
    <message>
      <location filename="processing_provider/risk_base.py" line="22" />
      <source>Sampling weight (F̂ = sum of weights in the key)</source>
      <translation>Poids de sondage (F̂ = somme des poids de la clé)</translation>
    </message>
    <message>
      <location filename="processing_provider/risk_base.py" line="26" />
      <source>Population frequency of the key, from a register</source>
      <translation>Fréquence de la clé dans la population, d'après un registre</translation>
    </message>
    <message>
      <location filename="processing_provider/risk_base.py" line="30" />
      <source>Household id (risk shared by a household's members)</source>
      <translation>Identifiant de ménage (risque partagé par les membres du ménage)</translation>
    </message>
    <message>
      <location filename="processing_provider/risk_base.py" line="37" />
      <source>Choose at least one key variable.</source>
      <translation>Choisissez au moins une variable clé.</translation>
    </message>
    <message>
      <location filename="processing_provider/source_problems.py" line="132" />
      <source>The filter {filter} of {name} names the field(s) {missing}, which the layer does not have (its fields: {fields}): it selects no features. Correct the filter (Layer Properties, Source, Query Builder) and run again.</source>
      <translation>Le filtre {filter} de {name} nomme le ou les champs {missing}, que la couche n'a pas (ses champs : {fields}) : il ne sélectionne aucune entité. Corrigez le filtre (Propriétés de la couche, Source, Constructeur de requête) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/source_problems.py" line="141" />
      <source>The filter {filter} of {name} selects none of the layer's {total} features (read as an expression: {error}). Correct the filter (Layer Properties, Source, Query Builder) and run again.</source>
      <translation>Le filtre {filter} de {name} ne sélectionne aucune des {total} entités de la couche (lu comme une expression : {error}). Corrigez le filtre (Propriétés de la couche, Source, Constructeur de requête) et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/source_problems.py" line="145" />
      <source>The filter {filter} of {name} selects none of the layer's {total} features: there is nothing to assess. Change the filter and run again.</source>
      <translation>Le filtre {filter} de {name} ne sélectionne aucune des {total} entités de la couche : il n'y a rien à évaluer. Modifiez le filtre et relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/source_problems.py" line="42" />
      <source>{start}… ({length} characters)</source>
      <translation>{start}… ({length} caractères)</translation>
    </message>
    <message>
      <location filename="processing_provider/source_problems.py" line="59" />
      <source>The file {path} given as {name} is empty (0 bytes): give the file with its content.</source>
      <translation>Le fichier {path} donné pour {name} est vide (0 octet) : donnez le fichier avec son contenu.</translation>
    </message>
    <message>
      <location filename="processing_provider/source_problems.py" line="75" />
      <source>The file {path} given as {name} has no layer named '{layer}'. Its layers: {layers}. Give one of them (path|layername=name).</source>
      <translation>Le fichier {path} donné comme {name} n'a pas de couche nommée « {layer} ». Ses couches : {layers}. Donnez l'une d'elles (chemin|layername=nom).</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="101" />
      <source>The folder {folder} of the output {path} does not exist: create it, or choose a file in an existing folder. The output cannot be written there; nothing was written.</source>
      <translation>Le dossier {folder} de la sortie {path} n'existe pas : créez-le, ou choisissez un fichier dans un dossier existant. La sortie ne peut pas y être écrite ; rien n'a été écrit.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="107" />
      <source>The output {path} cannot be written: {what} is read-only or not yours. Choose a folder you can write to. Nothing was written, and nothing was charged to a ledger.</source>
      <translation>La sortie {path} ne peut pas être écrite : {what} est en lecture seule ou ne vous appartient pas. Choisissez un dossier où vous pouvez écrire. Rien n'a été écrit, et rien n'a été imputé à un registre.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="114" />
      <source>The output {path} cannot be written: its disk has {free} kB free in {folder}, and a run needs at least {needed} kB there for its {count} output(s). Free space on that disk, or choose a folder on another one. Nothing was written, and nothing was charged to a ledger.</source>
      <translation>La sortie {path} ne peut pas être écrite : son disque n'a que {free} ko libres dans {folder}, et une exécution y demande au moins {needed} ko pour ses {count} sortie(s). Libérez de l'espace sur ce disque, ou choisissez un dossier sur un autre disque. Rien n'a été écrit, et rien n'a été imputé à un registre.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="129" />
      <source>The folder {folder} cannot be written ({reason}): choose a folder you can write to. Nothing was written, and nothing was charged to a ledger.</source>
      <translation>Le dossier {folder} n'est pas accessible en écriture ({reason}) : choisissez un dossier où vous pouvez écrire. Rien n'a été écrit, et rien n'a été imputé à un registre.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="210" />
      <source>the file is empty (0 bytes)</source>
      <translation>le fichier est vide (0 octet)</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="222" />
      <source>it holds no layer</source>
      <translation>il ne contient aucune couche</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="240" />
      <source>the disk is full</source>
      <translation>le disque est plein</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="240" />
      <source>Free space on that disk, or choose a folder on another one.</source>
      <translation>Libérez de l'espace sur ce disque, ou choisissez un dossier sur un autre disque.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="243" />
      <source>it is read-only or not yours</source>
      <translation>il est en lecture seule ou ne vous appartient pas</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="243" />
      <source>Choose a folder you can write to.</source>
      <translation>Choisissez un dossier où vous pouvez écrire.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="244" />
      <source>Check the file and its folder, then run again.</source>
      <translation>Vérifiez le fichier et son dossier, puis relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="263" />
      <source>Writing {files} failed: {cause}. {fix} Nothing was written: the run's other outputs were removed too.</source>
      <translation>L'écriture de {files} a échoué : {cause}. {fix} Rien n'a été écrit : les autres sorties de l'exécution ont été supprimées aussi.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="283" />
      <source>The output {path} was not written (no file was made). Nothing was written.</source>
      <translation>La sortie {path} n'a pas été écrite (aucun fichier n'a été créé). Rien n'a été écrit.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="288" />
      <source>The output {path} was written but cannot be read back ({reason}). Nothing was written: free space on its disk (or check it), then run again.</source>
      <translation>La sortie {path} a été écrite mais ne peut pas être relue ({reason}). Rien n'a été écrit : libérez de l'espace sur son disque (ou vérifiez-le), puis relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="296" />
      <source>The disk of {folder} filled up while the run wrote its outputs ({free} kB left): they may be incomplete, so none was kept. Free space on that disk, or choose a folder on another one.</source>
      <translation>Le disque de {folder} s'est rempli pendant l'écriture des sorties ({free} ko restants) : elles peuvent être incomplètes, aucune n'a donc été gardée. Libérez de l'espace sur ce disque, ou choisissez un dossier sur un autre disque.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="325" />
      <source>The output {path} was not written (no table was made). Nothing was written.</source>
      <translation>La sortie {path} n'a pas été écrite (aucune table n'a été créée). Rien n'a été écrit.</translation>
    </message>
    <message>
      <location filename="processing_provider/staged_outputs.py" line="330" />
      <source>The output {path} was written but cannot be read back ({reason}). Nothing was written: check the database, then run again.</source>
      <translation>La sortie {path} a été écrite mais ne peut pas être relue ({reason}). Rien n'a été écrit : vérifiez la base de données, puis relancez.</translation>
    </message>
    <message>
      <location filename="processing_provider/staging/gpkg_tables.py" line="146" />
      <source>it holds another number of rows than were written</source>
      <translation>elle contient un autre nombre de lignes que celui écrit</translation>
    </message>
    <message>
      <location filename="processing_provider/staging/gpkg_tables.py" line="162" />
      <source>The output {path} (layer {table}) was not kept: a table {table} that this plugin did not write appeared there during the run. Nothing was written.</source>
      <translation>La sortie {path} (couche {table}) n'a pas été conservée : une table {table} que cette extension n'a pas écrite y est apparue pendant l'exécution. Rien n'a été écrit.</translation>
    </message>
    <message>
      <location filename="processing_provider/staging/postgis_tables.py" line="117" />
      <source>The PostGIS table {table} was written but could not be given its name ({reason}). Nothing was written.</source>
      <translation>La table PostGIS {table} a été écrite mais n'a pas pu recevoir son nom ({reason}). Rien n'a été écrit.</translation>
    </message>
    <message>
      <location filename="processing_provider/staging/postgis_tables.py" line="53" />
      <source>the table is missing</source>
      <translation>la table est absente</translation>
    </message>
    <message>
      <location filename="processing_provider/staging/postgis_tables.py" line="57" />
      <source>it lacks the plugin's mark</source>
      <translation>elle ne porte pas la marque de l'extension</translation>
    </message>
    <message>
      <location filename="processing_provider/staging/postgis_tables.py" line="93" />
      <source>The output {table} was not kept: a table of that name that this plugin did not write appeared during the run. Nothing was written.</source>
      <translation>La sortie {table} n'a pas été conservée : une table de ce nom que cette extension n'a pas écrite est apparue pendant l'exécution. Rien n'a été écrit.</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="100" />
      <source>Points (one or more per person)</source>
      <translation>Points (un ou plusieurs par personne)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="102" />
      <source>Person id field</source>
      <translation>Champ identifiant de la personne</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="103" />
      <source>Policy file</source>
      <translation>Fichier de politique</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="106" />
      <source>Cell sizes to try (metres, comma separated)</source>
      <translation>Tailles de maille à essayer (mètres, séparées par des virgules)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="109" />
      <source>Layers already published from the same people (the gate audits the grid with them)</source>
      <translation>Couches déjà publiées sur les mêmes personnes (le contrôle audite la grille avec elles)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="120" />
      <source>Suppressed grid at the recommended size</source>
      <translation>Grille avec secret statistique à la taille recommandée</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="124" />
      <source>k-anonymity gate (publishes only when it passes)</source>
      <translation>Contrôle de k-anonymat (ne publie que s'il réussit)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="131" />
      <source>Published grid (a file in the publication folder)</source>
      <translation>Grille publiée (un fichier du dossier de publication)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="134" />
      <source>Publish a grid safely</source>
      <translation>Publier une grille en sécurité</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="134" />
      <source>Sweeps the cell sizes, builds the suppressed grid at the finest size the sweep recommends, checks it with the k-anonymity gate (with any layers already published from the same people) and writes the published grid only when the gate passes. A failing gate stops the model, and so does a sweep that recommends no size: nothing is written to the publication folder.</source>
      <translation>Balaie les tailles de maille, construit la grille avec secret statistique à la taille la plus fine que recommande le balayage, la vérifie par le contrôle de k-anonymat (avec les couches déjà publiées sur les mêmes personnes) et n'écrit la grille publiée que si le contrôle est réussi. Un contrôle en échec arrête le modèle, de même qu'un balayage qui ne recommande aucune taille : rien n'est écrit dans le dossier de publication.</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="152" />
      <source>Records to release (points)</source>
      <translation>Enregistrements à diffuser (points)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="153" />
      <source>Key fields (what an adversary knows of a person)</source>
      <translation>Variables clés (ce qu'un adversaire sait d'une personne)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="157" />
      <source>Policy file (its ceilings)</source>
      <translation>Fichier de politique (ses plafonds)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="178" />
      <source>Keep the key fields</source>
      <translation>Garder les variables clés</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="180" />
      <source>Add each record's zone</source>
      <translation>Ajouter la zone de chaque enregistrement</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="184" />
      <source>Publish without coordinates (runs only when the gate passes)</source>
      <translation>Publier sans coordonnées (seulement si le contrôle est réussi)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="187" />
      <source>Published table (a file in the publication folder)</source>
      <translation>Table publiée (un fichier du dossier de publication)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="190" />
      <source>Release under a risk budget</source>
      <translation>Diffuser sous un budget de risque</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="190" />
      <source>Measures the re-identification risk of the records in every zone, lets the risk budget gate check the worst zone and the programme's cumulative risk against the policy's ceilings (recording the release in the ledger when it passes), and only then writes the release: the key fields and each record's zone, without coordinates. A failing gate stops the model: nothing is written.</source>
      <translation>Mesure le risque de réidentification des enregistrements dans chaque zone, fait vérifier par le contrôle du budget de risque la pire zone et le risque cumulé du programme au regard des plafonds de la politique (en inscrivant la diffusion au registre si elle passe), puis seulement écrit la diffusion : les variables clés et la zone de chaque enregistrement, sans coordonnées. Un contrôle en échec arrête le modèle : rien n'est écrit.</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="209" />
      <source>Persons (points at their dwelling)</source>
      <translation>Personnes (points à leur logement)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="222" />
      <source>p-table (the one the policy approves)</source>
      <translation>Table de perturbation (celle que la politique approuve)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="224" />
      <source>Secret key file of the programme (never publish it)</source>
      <translation>Fichier de clé secrète du programme (ne jamais le publier)</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="233" />
      <source>Targeted record swap</source>
      <translation>Échange ciblé d'enregistrements</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="238" />
      <source>Cell key grid of the swapped persons</source>
      <translation>Grille à clé de cellule des personnes échangées</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="251" />
      <source>Census grid: swap, then cell key</source>
      <translation>Grille de recensement : échange, puis clé de cellule</translation>
    </message>
    <message>
      <location filename="scripts/make_example_models.py" line="251" />
      <source>The census recipe: swaps households at risk (and more, up to the swap rate) with similar households nearby, counts the swapped persons in square cells with cell key noise (the programme's key file and approved p-table), checks the grid with the k-anonymity gate and writes the published grid only when the gate passes. The swap log is for the data holder only.</source>
      <translation>La recette du recensement : échange les ménages à risque (et d'autres, jusqu'au taux d'échange) avec des ménages semblables proches, compte les personnes échangées dans des mailles carrées avec le bruit de la clé de cellule (le fichier de clé du programme et la table de perturbation approuvée), contrôle la grille avec le contrôle de k-anonymat et n'écrit la grille publiée que si le contrôle réussit. Le journal des échanges est pour le détenteur des données seul.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/audit/intervals.py" line="33" />
      <source>The published totals contradict each other (no non-negative counts satisfy them): check that every total was computed from the same data, as a sum of the cells it covers.</source>
      <translation>Les totaux publiés se contredisent (aucun effectif positif ou nul ne les satisfait) : vérifiez que chaque total a été calculé sur les mêmes données, comme somme des mailles qu'il couvre.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/audit/intervals.py" line="36" />
      <source>The attacker's programme of this release could not be solved (HiGHS: {reason}), so the release cannot be audited. Nothing was written: report it with the inputs.</source>
      <translation>Le programme de l'attaquant pour cette diffusion n'a pas pu être résolu (HiGHS : {reason}) : la diffusion ne peut pas être auditée. Rien n'a été écrit : signalez-le avec les données d'entrée.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/audit/kinds.py" line="29" />
      <source>Counts of distinct people (people with points in several places) over areas whose borders cross cells, or over area layers that cross, cannot be audited exactly for a release of {atoms} pieces: the exact attacker's programme grows as 2^pieces (releases of up to {most} pieces are solved) and the union bounds are only a relaxation there, so the release is not proven safe. Publish counts of one point per person (homes), use areas made of whole cells that nest, or release a smaller area.</source>
      <translation>Des effectifs de personnes distinctes (des personnes ayant des points en plusieurs lieux) sur des zones dont les limites coupent des carreaux, ou sur des couches de zones qui se croisent, ne peuvent pas être audités exactement pour une diffusion de {atoms} morceaux : le programme exact de l'attaquant croît comme 2^morceaux (les diffusions d'au plus {most} morceaux sont résolues) et les bornes d'union n'en sont là qu'une relaxation ; la diffusion n'est donc pas prouvée sûre. Publiez des effectifs d'un point par personne (domiciles), utilisez des zones faites de carreaux entiers qui s'emboîtent, ou diffusez une zone plus petite.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/audit/sums.py" line="100" />
      <source>{count} intersection(s) of published areas of different layers can be narrowed below p = {p:g} by subtracting their counts from each other, over the cells they span (area ∩ area [interval]: {examples}). Withhold the cells in those intersections, or withhold more of those area counts.</source>
      <translation>{count} intersection(s) de zones publiées de couches différentes peuvent être resserrées sous p = {p:g} en soustrayant leurs effectifs les uns des autres, sur les mailles qu'elles couvrent (zone ∩ zone [intervalle] : {examples}). Masquez les mailles de ces intersections, ou masquez davantage de ces effectifs de zones.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/audit/sums.py" line="34" />
      <source>{count} withheld area count(s) can be narrowed below p = {p:g} from what the release publishes (area [interval]: {examples}). Withhold more area counts or cells, or do not publish the number of people.</source>
      <translation>{count} effectif(s) de zone masqué(s) peuvent être resserrés sous p = {p:g} à partir de ce que publie la diffusion (zone [intervalle] : {examples}). Masquez davantage d'effectifs de zones ou de cellules, ou ne publiez pas le nombre de personnes.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/audit/sums.py" line="54" />
      <source>{count} sliver(s) where a published area's border crosses a cell can be narrowed below p = {p:g} summed over the cell's pieces in that area (over the cell's attribute records, or over the areas of other published layers that cut it), however wide each piece alone (cell ∩ area [interval]: {examples}). Withhold the cells around those borders (every attribute record of them), or do not publish those area counts beside this grid.</source>
      <translation>{count} lisière(s), où la limite d'une zone publiée traverse une cellule, peuvent être resserrées sous p = {p:g} en somme sur les morceaux de la cellule dans cette zone (sur les enregistrements d'attributs de la cellule, ou sur les zones d'autres couches publiées qui la découpent), si large que soit chaque morceau seul (cellule ∩ zone [intervalle] : {examples}). Masquez les cellules autour de ces limites (tous leurs enregistrements d'attributs), ou ne publiez pas ces effectifs de zones à côté de cette grille.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/audit/sums.py" line="72" />
      <source>{count} withheld cell(s) published per attribute can be narrowed by an attacker below p = {p:g} summed over all their attribute records, however wide each record's own interval (cell [interval]: {examples}). Withhold more cells (every attribute record of them), or publish fewer totals and area counts.</source>
      <translation>{count} cellule(s) masquée(s) publiée(s) par attribut peuvent être resserrées par un attaquant sous p = {p:g} en somme sur tous leurs enregistrements d'attributs, si large que soit l'intervalle de chaque enregistrement (cellule [intervalle] : {examples}). Masquez davantage de cellules (tous leurs enregistrements d'attributs), ou publiez moins de totaux et d'effectifs de zones.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/audit/thin_strips.py" line="27" />
      <source>These include what an attacker derives by reading the {count} thin strip(s) between borders and the cell edges they follow as empty (the borders were meant to lie on the edges). Publish the areas with borders that lie exactly on the cell edges, in the grid's CRS, or withhold more cells.</source>
      <translation>Cela comprend ce qu'un attaquant déduit en lisant comme vides les {count} bande(s) fine(s) entre les limites et les bords de cellules qu'elles suivent (les limites devaient passer sur les bords). Publiez les zones avec des limites exactement sur les bords des cellules, dans le SCR de la grille, ou masquez davantage de cellules.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/audit/thin_strips.py" line="32" />
      <source>These include what an attacker derives by reading the {count} thin strip(s) between borders and the cell edges they follow as holding no more people than the counts require ({held}: the borders were meant to lie on the edges). Publish the areas with borders that lie exactly on the cell edges, in the grid's CRS, or withhold more cells.</source>
      <translation>Cela comprend ce qu'un attaquant déduit en lisant les {count} bande(s) fine(s) entre les limites et les bords de cellules qu'elles suivent comme ne comptant pas plus de personnes que les effectifs n'en exigent ({held} ; les limites devaient passer sur les bords). Publiez les zones avec des limites exactement sur les bords des cellules, dans le SCR de la grille, ou masquez davantage de cellules.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/compare/grid_flow.py" line="36" />
      <source>The transport problem of the Kantorovich–Wasserstein distance was not solved ({reason}); report this with the data's cell size.</source>
      <translation>Le problème de transport de la distance de Kantorovitch–Wasserstein n'a pas été résolu ({reason}) ; signalez-le avec la taille de maille des données.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/compare/measures.py" line="53" />
      <source>A grid to compare names a cell twice: compare grids of one count per cell.</source>
      <translation>Une grille à comparer nomme deux fois une maille : comparez des grilles d'un effectif par maille.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/compare/measures.py" line="81" />
      <source>A published count to compare is negative or not whole.</source>
      <translation>Un effectif publié à comparer est négatif ou non entier.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/compare/transport.py" line="325" />
      <source>The transport problem of the Kantorovich–Wasserstein distance did not settle in {rounds} rounds; report this with the data's cell size.</source>
      <translation>Le problème de transport de la distance de Kantorovitch–Wasserstein ne s'est pas stabilisé en {rounds} tours ; signalez-le avec la taille de maille des données.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/compare/transport.py" line="64" />
      <source>column generation</source>
      <translation>génération de colonnes</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/compare/transport.py" line="65" />
      <source>network simplex</source>
      <translation>simplexe de réseau</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/compare/transport.py" line="66" />
      <source>grid flow</source>
      <translation>flot sur la grille</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/counting/cells.py" line="108" />
      <source>Give at least one cell size in metres, e.g. 100,250,500,1000.</source>
      <translation>Indiquez au moins une taille de maille en mètres, par ex. 100,250,500,1000.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/counting/cells.py" line="114" />
      <source>'{value}' is not a cell size: give numbers of metres separated by commas, e.g. 100,250,500,1000.</source>
      <translation>« {value} » n'est pas une taille de maille : indiquez des nombres de mètres séparés par des virgules, par ex. 100,250,500,1000.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/counting/cells.py" line="156" />
      <source>A cell index would not fit: coordinates up to {largest:g} m from an origin at {start:g} make more than {limit} cells of {resolution:g} m. Repair the outlying geometries (or a wrong CRS), set the grid origin near the data, or choose a larger cell size.</source>
      <translation>Un indice de maille ne tiendrait pas : des coordonnées jusqu'à {largest:g} m depuis une origine à {start:g} font plus de {limit} mailles de {resolution:g} m. Réparez les géométries aberrantes (ou un SCR erroné), placez l'origine de la grille près des données, ou choisissez une maille plus grande.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/counting/cells.py" line="33" />
      <source>{count} record(s) have a NULL id in the field '{field}'. Counting them would either drop them or merge strangers: fill in their ids (or give each its own id) and run again.</source>
      <translation>{count} enregistrement(s) ont un identifiant NULL dans le champ « {field} ». Les compter reviendrait à les ignorer ou à confondre des inconnus : renseignez leurs identifiants (ou donnez à chacun le sien) et relancez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/counting/cells.py" line="84" />
      <source>{count} point(s) have NaN or infinite coordinates: repair or remove their geometries first.</source>
      <translation>{count} point(s) ont des coordonnées NaN ou infinies : réparez ou supprimez d'abord leurs géométries.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/counting/cells.py" line="91" />
      <source>{count} point(s) lie more than {limit:g} m from the CRS's origin (e.g. {x:g}, {y:g}): no place on Earth has such coordinates in a metric CRS. Repair or remove their geometries, or check the layer's CRS.</source>
      <translation>{count} point(s) se trouvent à plus de {limit:g} m de l'origine du SCR (par exemple {x:g}, {y:g}) : aucun lieu sur Terre n'a de telles coordonnées dans un SCR métrique. Réparez ou supprimez leurs géométries, ou vérifiez le SCR de la couche.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/counting/cells.py" line="99" />
      <source>A cell size must be a positive number of metres, got {value}.</source>
      <translation>Une taille de maille doit être un nombre positif de mètres, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="117" />
      <source>{count} zone(s) have a {field} outside [0, 1] (zone {zone}: {value!r}): a re-identification risk is a probability. Re-run the zone risk algorithm, or correct the table.</source>
      <translation>{count} zone(s) ont un {field} hors de [0, 1] (zone {zone} : {value!r}) : un risque de réidentification est une probabilité. Relancez l'algorithme de risque par zone, ou corrigez la table.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="135" />
      <source>The per-zone risk table is empty: missing evidence never passes the risk budget.</source>
      <translation>La table de risque par zone est vide : l'absence de preuve ne passe jamais le budget de risque.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="140" />
      <source>{count} zone(s) have no zone_id: every zone of the per-zone risk table needs its own id. Re-run the zone risk algorithm on zones that all have one.</source>
      <translation>{count} zone(s) n'ont pas de zone_id : chaque zone de la table de risque par zone doit avoir son propre identifiant. Relancez l'algorithme de risque par zone sur des zones qui en ont toutes un.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="146" />
      <source>The zone id {zone} appears {count} times in the per-zone risk table: each zone must appear once (a table mixing releases or zone layers cannot be gated). Give one row per zone.</source>
      <translation>L'identifiant de zone {zone} apparaît {count} fois dans la table de risque par zone : chaque zone doit apparaître une seule fois (une table qui mêle des diffusions ou des couches de zones ne peut pas être contrôlée). Donnez une ligne par zone.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="152" />
      <source>{count} zone(s) have no risk estimate or record count (e.g. {zone}): missing evidence never passes the risk budget. Re-run the zone risk with records in every zone, or drop such zones from the release.</source>
      <translation>{count} zone(s) n'ont pas d'estimation de risque ou de nombre d'enregistrements (par ex. {zone}) : l'absence de preuve ne passe jamais le budget de risque. Relancez le risque par zone avec des enregistrements dans chaque zone, ou retirez ces zones de la diffusion.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="160" />
      <source>{count} zone(s) have an n_records that is not a whole number of 0 or more (zone {zone}: {value!r}): it counts records. Re-run the zone risk algorithm, or correct the table.</source>
      <translation>{count} zone(s) ont un n_records qui n'est pas un entier positif ou nul (zone {zone} : {value!r}) : il compte des enregistrements. Relancez l'algorithme de risque par zone, ou corrigez la table.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="168" />
      <source>{count} zone(s) have a p_reid_low above their p_reid (zone {zone}: {bound!r} against {estimate!r}): an interval must hold its estimate. Re-run the zone risk algorithm, or correct the table.</source>
      <translation>{count} zone(s) ont un p_reid_low supérieur à leur p_reid (zone {zone} : {bound!r} contre {estimate!r}) : un intervalle doit contenir son estimation. Relancez l'algorithme de risque par zone, ou corrigez la table.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="172" />
      <source>{count} zone(s) have a p_reid_high below their p_reid (zone {zone}: {bound!r} against {estimate!r}): an interval must hold its estimate. Re-run the zone risk algorithm, or correct the table.</source>
      <translation>{count} zone(s) ont un p_reid_high inférieur à leur p_reid (zone {zone} : {bound!r} contre {estimate!r}) : un intervalle doit contenir son estimation. Relancez l'algorithme de risque par zone, ou corrigez la table.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="188" />
      <source>The policy gates on the interval's lower bound, but the table has no p_reid_low field.</source>
      <translation>La politique contrôle sur la borne basse de l'intervalle, mais la table n'a pas de champ p_reid_low.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="192" />
      <source>{count} zone(s) have no p_reid_low: missing evidence never passes the risk budget.</source>
      <translation>{count} zone(s) n'ont pas de p_reid_low : l'absence de preuve ne passe jamais le budget de risque.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="197" />
      <source>The zones_hash field holds {value!r}, not text: it must be the SHA-256 text the zone risk algorithm writes. Re-run the zone risk algorithm, or make the field a text field.</source>
      <translation>Le champ zones_hash contient {value!r}, pas du texte : ce doit être le SHA-256 textuel qu'écrit l'algorithme de risque par zone. Relancez l'algorithme de risque par zone, ou faites-en un champ texte.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="202" />
      <source>The per-zone table carries {count} different zones hashes: it mixes zone layers.</source>
      <translation>La table par zone porte {count} hachages de zones différents : elle mélange des couches de zones.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="231" />
      <source>The ceilings changed since release {release}: per-release {old_release} -&gt; {new_release}, cumulative {old_cumulative} -&gt; {new_cumulative} (policy {old_hash} then, {new_hash} now). Make sure the change of policy was approved and is documented; earlier releases keep the ceilings they were published under.</source>
      <translation>Les plafonds ont changé depuis la diffusion {release} : par diffusion {old_release} -&gt; {new_release}, cumulé {old_cumulative} -&gt; {new_cumulative} (politique {old_hash} alors, {new_hash} maintenant). Vérifiez que ce changement de politique a été approuvé et documenté ; les diffusions antérieures gardent les plafonds sous lesquels elles ont été publiées.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="274" />
      <source>{name} = {new} is looser than {old}, which the ledger recorded for this dataset with release {release} (policy {hash}). A value given to the run never loosens a recorded budget: give the recorded value or a stricter one, or change the programme's policy file (its new hash is recorded with the release, so the change is visible).</source>
      <translation>{name} = {new} est moins strict que {old}, que le registre a consigné pour ce jeu de données avec la diffusion {release} (politique {hash}). Une valeur donnée à l'exécution n'assouplit jamais un budget consigné : donnez la valeur consignée ou une valeur plus stricte, ou modifiez le fichier de politique du programme (son nouveau hachage est consigné avec la diffusion, et le changement reste visible).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="300" />
      <source>The worst zone {zone} has a re-identification risk of {risk} ({basis}), above the per-release ceiling {ceiling} (the record-weighted mean, {pooled}, hides it). Publish coarser there, or withhold that zone.</source>
      <translation>La pire zone {zone} a un risque de ré-identification de {risk} ({basis}), au-dessus du plafond par diffusion {ceiling} (la moyenne pondérée, {pooled}, le cache). Publiez plus grossier à cet endroit, ou masquez cette zone.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="313" />
      <source>The zones differ from those of the dataset's earlier releases (zones hash {now} against {before}): a programme keeps its zones fixed.</source>
      <translation>Les zones diffèrent de celles des diffusions antérieures du jeu de données (hachage {now} contre {before}) : un programme garde ses zones fixes.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="319" />
      <source>A release recorded in the ledger has a risk outside [0, 1]: the cumulative budget cannot be computed. Restore the ledger from a backup and investigate.</source>
      <translation>Une diffusion inscrite au registre a un risque hors de [0, 1] : le budget cumulé ne peut pas être calculé. Restaurez le registre depuis une sauvegarde et enquêtez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="324" />
      <source>With {prior} earlier release(s) the cumulative risk would be {cumulative}, above the cumulative ceiling {ceiling}. The programme's budget is spent for this dataset.</source>
      <translation>Avec {prior} diffusion(s) antérieure(s), le risque cumulé serait de {cumulative}, au-dessus du plafond cumulé {ceiling}. Le budget du programme est épuisé pour ce jeu de données.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="376" />
      <source>ok</source>
      <translation>ok</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="377" />
      <source>over ceiling</source>
      <translation>au-dessus du plafond</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="381" />
      <source>The ledger has no release of dataset {dataset} to re-assess.</source>
      <translation>Le registre n'a aucune diffusion du jeu {dataset} à réévaluer.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="406" />
      <source>The ledger has no release {release} for dataset {dataset}.</source>
      <translation>Le registre n'a pas de diffusion {release} pour le jeu {dataset}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="60" />
      <source>Give {name} (in the policy file or as a value): a risk budget without it cannot be checked.</source>
      <translation>Indiquez {name} (dans le fichier de politique ou comme valeur) : sans lui, un budget de risque ne peut pas être contrôlé.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="64" />
      <source>{name} must be a probability in (0, 1], got {value!r}.</source>
      <translation>{name} doit être une probabilité dans (0, 1], reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="67" />
      <source>gate_on must be "estimate" or "lower bound", got {value!r}.</source>
      <translation>gate_on doit valoir "estimate" ou "lower bound", reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="81" />
      <source>{name} = 1 sets no limit: the gate passes every release on it, whatever its risk. The safeguard is off; give the programme's ceiling.</source>
      <translation>{name} = 1 ne fixe aucune limite : la porte laisse passer toute diffusion, quel que soit son risque. La protection est désactivée ; donnez le plafond du programme.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/budget.py" line="85" />
      <source>No policy file: the ceilings (per-release {per_release:g}, cumulative {cumulative:g}) are this run's own values, and the next run may give others without a trace. Give the programme's policy file, so that a change of ceiling leaves a diff.</source>
      <translation>Aucun fichier de politique : les plafonds (par diffusion {per_release:g}, cumulé {cumulative:g}) sont les valeurs propres à cette exécution, et la suivante peut en donner d'autres sans laisser de trace. Donnez le fichier de politique du programme, pour qu'un changement de plafond laisse un diff.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="130" />
      <source>The release is planned at δ = {plan}, the policy gives {policy}.</source>
      <translation>La diffusion est prévue à δ = {plan}, la politique donne {policy}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="140" />
      <source>This release (ε = {epsilon:g}, {mechanism}) would bring the dataset's spent ε from {before:.4g} to {after:.4g}, above its epsilon_budget {budget:g}: it is refused before any noise is drawn, and nothing is recorded. Release with a smaller ε, or not at all; raising the budget is a change of policy.</source>
      <translation>Cette diffusion (ε = {epsilon:g}, {mechanism}) porterait l'ε dépensé du jeu de données de {before:.4g} à {after:.4g}, au-dessus de son epsilon_budget {budget:g} : elle est refusée avant tout tirage de bruit, et rien n'est enregistré. Diffusez avec un ε plus petit, ou pas du tout ; relever le budget est un changement de politique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="248" />
      <source>The DP release has no record: missing evidence never passes.</source>
      <translation>La diffusion DP n'a aucun enregistrement : une preuve manquante ne passe jamais.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="251" />
      <source>The layer mixes a DP release with records of method(s) {methods}: check each release on its own.</source>
      <translation>La couche mélange une diffusion DP et des enregistrements de méthode(s) {methods} : contrôlez chaque diffusion séparément.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="257" />
      <source>{count} record(s) of the DP release have a count that is missing or not a whole number of 0 or more (e.g. {value!r}).</source>
      <translation>{count} enregistrement(s) de la diffusion DP ont un compte manquant ou qui n'est pas un entier positif ou nul (par exemple {value!r}).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="265" />
      <source>The DP release must state one positive ε in its epsilon field, found {values}: missing evidence never passes.</source>
      <translation>La diffusion DP doit indiquer un seul ε positif dans son champ epsilon, trouvé {values} : une preuve manquante ne passe jamais.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="271" />
      <source>The DP release spends ε = {epsilon:g}, more than the policy's epsilon_budget {budget:g}.</source>
      <translation>La diffusion DP dépense ε = {epsilon:g}, plus que l'epsilon_budget {budget:g} de la politique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="277" />
      <source>The DP release must state one mechanism ({known}) in its mechanism field, found {values}.</source>
      <translation>La diffusion DP doit indiquer un seul mécanisme ({known}) dans son champ mechanism, trouvé {values}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="284" />
      <source>The DP release uses the discrete Gaussian, whose ε holds at a δ, but the policy gives no delta.</source>
      <translation>La diffusion DP utilise la gaussienne discrète, dont l'ε vaut à un δ, mais la politique ne donne pas de delta.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="288" />
      <source>The DP release was made under policy {made}, the gate checks policy {now}: check it against the policy it was released under.</source>
      <translation>La diffusion DP a été faite sous la politique {made}, le contrôle vérifie la politique {now} : contrôlez-la avec la politique sous laquelle elle a été diffusée.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="41" />
      <source>A differentially private release needs a policy file with epsilon_budget (the total ε the dataset's DP releases may spend, e.g. epsilon_budget = 2) and, for the discrete Gaussian, delta.</source>
      <translation>Une diffusion différentiellement privée a besoin d'un fichier de politique avec epsilon_budget (l'ε total que les diffusions DP du jeu de données peuvent dépenser, par exemple epsilon_budget = 2) et, pour la gaussienne discrète, delta.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="53" />
      <source>δ = {delta:g} in the policy: the discrete Gaussian's ε holds only up to a probability δ of failing outright, and δ must lie well below one over the number of people (e.g. delta = 1e-6). At this δ the safeguard is off.</source>
      <translation>δ = {delta:g} dans la politique : l'ε de la gaussienne discrète ne tient qu'à une probabilité δ d'échec complet près, et δ doit rester bien inférieur à un sur le nombre de personnes (par ex. delta = 1e-6). À ce δ, la protection est désactivée.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/dp_budget.py" line="82" />
      <source>The DP entry {seq} (release {release}) of the ledger has no readable ε: the budget cannot be computed. Restore the ledger from a backup and investigate.</source>
      <translation>L'entrée DP {seq} (diffusion {release}) du registre n'a pas d'ε lisible : le budget ne peut pas être calculé. Restaurez le registre depuis une sauvegarde et enquêtez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/names.py" line="53" />
      <source>Name the dataset and the release: the ledger keeps releases per dataset.</source>
      <translation>Nommez le jeu de données et la diffusion : le registre tient les diffusions par jeu de données.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/names.py" line="56" />
      <source>The name {name}… has {count} characters, more than {limit}: give the dataset and the release short names that a reviewer reading the ledger can compare at a glance.</source>
      <translation>Le nom {name}… a {count} caractères, plus de {limit} : donnez au jeu de données et à la diffusion des noms courts qu'un relecteur du registre peut comparer d'un coup d'œil.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/names.py" line="62" />
      <source>The name {name!r} mixes the scripts {scripts}: a letter of one script can pose as a letter of another (a Cyrillic і for a Latin i) and open a fresh budget under a name that looks the same. Type the name in one script.</source>
      <translation>Le nom {name!r} mélange les écritures {scripts} : une lettre d'une écriture peut se faire passer pour une lettre d'une autre (un і cyrillique pour un i latin) et ouvrir un budget neuf sous un nom d'apparence identique. Saisissez le nom dans une seule écriture.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="120" />
      <source>The release id {release} is already in the ledger for this dataset (as {recorded}): give every release its own id.</source>
      <translation>L'identifiant de diffusion {release} est déjà au registre pour ce jeu de données (sous la forme {recorded}) : donnez à chaque diffusion son propre identifiant.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="152" />
      <source>The ledger head {head!r} is not an entry number and a SHA-256 hash (e.g. 12:3f5a…, as a release output gives them in its ledger_seq and ledger_head fields).</source>
      <translation>La tête du registre {head!r} n'est pas un numéro d'entrée suivi d'une empreinte SHA-256 (p. ex. 12:3f5a…, comme une sortie de diffusion les donne dans ses champs ledger_seq et ledger_head).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="168" />
      <source>The ledger {path} does not hold the entry {head} that an earlier release extended (it holds {count} entry(ies)): entries were deleted, the ledger was replaced, emptied or rewritten, or it is not this programme's ledger. Every gate that uses it is blocked; nothing starts a fresh budget. Restore it from a backup and investigate.</source>
      <translation>Le registre {path} ne contient pas l'entrée {head} qu'une diffusion antérieure a prolongée (il contient {count} entrée(s)) : des entrées ont été supprimées, le registre a été remplacé, vidé ou réécrit, ou ce n'est pas le registre de ce programme. Tout contrôle qui l'utilise est bloqué ; rien ne recommence un budget neuf. Restaurez-le depuis une sauvegarde et enquêtez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="202" />
      <source>The ledger {path} cannot be opened as an SQLite database ({reason}). Restore it from a backup; it is never rewritten.</source>
      <translation>Le registre {path} ne peut pas être ouvert comme base SQLite ({reason}). Restaurez-le depuis une sauvegarde ; il n'est jamais réécrit.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="217" />
      <source>The ledger {path} has beside it the journal of an append that was interrupted (a crash, or a run that was killed): SQLite undoes it at the next open that may write, and this one may not ({reason}). No committed entry is lost, and the interrupted release was not recorded. Make the ledger and its folder writable, then run again.</source>
      <translation>Le registre {path} a à côté de lui le journal d'un ajout interrompu (un plantage, ou une exécution tuée) : SQLite l'annule à la prochaine ouverture qui peut écrire, et celle-ci ne le peut pas ({reason}). Aucune entrée validée n'est perdue, et la diffusion interrompue n'a pas été enregistrée. Rendez le registre et son dossier accessibles en écriture, puis relancez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="236" />
      <source>The file {path} holds no ledger table: the table was dropped, or the file is not a ledger. Every gate that uses it is blocked; nothing starts a fresh budget in it. Restore the ledger from a backup, or give a new file to start one.</source>
      <translation>Le fichier {path} ne contient aucune table de registre : la table a été supprimée, ou le fichier n'est pas un registre. Tout contrôle qui l'utilise est bloqué ; aucun budget neuf n'y est commencé. Restaurez le registre depuis une sauvegarde, ou donnez un nouveau fichier pour en commencer un.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="241" />
      <source>The file {path} holds no ledger: it is empty, or its tables were dropped. It was a ledger, or it is not one (a new ledger is never an empty file). Every gate that uses it is blocked; nothing starts a fresh budget in it. Restore it from a backup, or choose a path where no file exists to start a new ledger.</source>
      <translation>Le fichier {path} ne contient aucun registre : il est vide, ou ses tables ont été supprimées. C'était un registre, ou ce n'en est pas un (un nouveau registre n'est jamais un fichier vide). Toute porte qui l'utilise est bloquée ; rien n'y recommence un budget neuf. Restaurez-le depuis une sauvegarde, ou choisissez un chemin où aucun fichier n'existe pour commencer un nouveau registre.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="249" />
      <source>The ledger {path} lacks the column(s) {columns}: it was altered, or it is not a ledger. Every gate that uses it is blocked; restore it from a backup.</source>
      <translation>Il manque au registre {path} la ou les colonnes {columns} : il a été modifié, ou ce n'est pas un registre. Tout contrôle qui l'utilise est bloqué ; restaurez-le depuis une sauvegarde.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="340" />
      <source>The folder {folder} of the ledger {path} does not exist: nothing was recorded, and nothing was released. Give the programme's ledger file, or create the folder to start a new ledger in it.</source>
      <translation>Le dossier {folder} du registre {path} n'existe pas : rien n'a été enregistré ni diffusé. Donnez le fichier de registre du programme, ou créez le dossier pour y commencer un nouveau registre.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="382" />
      <source>The ledger {path} cannot be written ({reason}): nothing was recorded, and nothing was released. Make the ledger and its folder writable (SQLite writes a journal beside it), then run again.</source>
      <translation>Le registre {path} n'est pas accessible en écriture ({reason}) : rien n'a été enregistré, et rien n'a été diffusé. Rendez le registre et son dossier accessibles en écriture (SQLite écrit un journal à côté), puis relancez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="395" />
      <source>The ledger {path} is corrupt ({reason}). Restore it from a backup; it is never rewritten.</source>
      <translation>Le registre {path} est corrompu ({reason}). Restaurez-le depuis une sauvegarde ; il n'est jamais réécrit.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="401" />
      <source>The ledger {path} fails verification: entry {seq} (dataset {dataset}, release {release}) follows a deleted entry. Every gate that uses it is blocked; nothing rewrites it. Restore it from a backup and investigate.</source>
      <translation>Le registre {path} échoue à la vérification : l'entrée {seq} (jeu {dataset}, diffusion {release}) suit une entrée supprimée. Tout contrôle qui l'utilise est bloqué ; rien ne le réécrit. Restaurez-le depuis une sauvegarde et enquêtez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="405" />
      <source>The ledger {path} fails verification: entry {seq} (dataset {dataset}, release {release}) does not link to the entry before it. Every gate that uses it is blocked; nothing rewrites it. Restore it from a backup and investigate.</source>
      <translation>Le registre {path} échoue à la vérification : l'entrée {seq} (jeu {dataset}, diffusion {release}) n'est pas liée à l'entrée précédente. Tout contrôle qui l'utilise est bloqué ; rien ne le réécrit. Restaurez-le depuis une sauvegarde et enquêtez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="410" />
      <source>The ledger {path} fails verification: entry {seq} (dataset {dataset}, release {release}) was changed after it was written. Every gate that uses it is blocked; nothing rewrites it. Restore it from a backup and investigate.</source>
      <translation>Le registre {path} échoue à la vérification : l'entrée {seq} (jeu {dataset}, diffusion {release}) a été modifiée après son écriture. Tout contrôle qui l'utilise est bloqué ; rien ne le réécrit. Restaurez-le depuis une sauvegarde et enquêtez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="420" />
      <source>The ledger {path} fails verification: its last {count} entry(ies) were deleted. Every gate that uses it is blocked; restore it from a backup.</source>
      <translation>Le registre {path} échoue à la vérification : sa ou ses {count} dernière(s) entrée(s) ont été supprimées. Tout contrôle qui l'utilise est bloqué ; restaurez-le depuis une sauvegarde.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="92" />
      <source>The ledger field {field} takes a finite number, got {value!r}: nothing was recorded.</source>
      <translation>Le champ {field} du registre prend un nombre fini, reçu {value!r} : rien n'a été inscrit.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/ledger/store.py" line="96" />
      <source>The ledger field {field} takes text, got {value!r} ({kind}): nothing was recorded. Give it as text (a zones hash is the SHA-256 text the zone risk algorithm writes).</source>
      <translation>Le champ {field} du registre prend du texte, reçu {value!r} ({kind}) : rien n'a été inscrit. Donnez-le sous forme de texte (un hachage de zones est le SHA-256 textuel qu'écrit l'algorithme de risque par zone).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/cellkey.py" line="172" />
      <source>{count} record(s) have a record key in '{field}' that is NULL, not a number or outside [0, 1). Give every person a key in [0, 1), or leave the record key field empty to use a key file.</source>
      <translation>{count} enregistrement(s) ont dans « {field} » une clé d'enregistrement NULL, non numérique ou hors de [0, 1). Donnez à chaque personne une clé dans [0, 1), ou laissez vide le champ de clé d'enregistrement pour utiliser un fichier de clé.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/cellkey.py" line="180" />
      <source>Some people have different record keys in '{field}' on different records: a person's key must be the same everywhere, or the same people would not get the same noise.</source>
      <translation>Certaines personnes ont des clés d'enregistrement différentes dans « {field} » selon les enregistrements : la clé d'une personne doit être partout la même, sinon les mêmes personnes ne recevraient pas le même bruit.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/cellkey.py" line="47" />
      <source>Cannot create the key file {path}: {reason}. Choose a folder you can write to.</source>
      <translation>Impossible de créer le fichier de clé {path} : {reason}. Choisissez un dossier où vous pouvez écrire.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/cellkey.py" line="59" />
      <source>Cannot read the key file {path}: {reason}.</source>
      <translation>Impossible de lire le fichier de clé {path} : {reason}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/cellkey.py" line="66" />
      <source>The key file {path} does not hold a key of 256 bits (64 hexadecimal digits). Give the key file of the programme, or a path with no file to create a new key (which changes every cell's noise).</source>
      <translation>Le fichier de clé {path} ne contient pas une clé de 256 bits (64 chiffres hexadécimaux). Donnez le fichier de clé du programme, ou un chemin sans fichier pour créer une nouvelle clé (ce qui change le bruit de chaque cellule).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp.py" line="117" />
      <source>The noise scale must be positive, got {value}.</source>
      <translation>L'échelle du bruit doit être positive, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp.py" line="120" />
      <source>The noise scale {value} is too large or too finely given for the exact sampler: give ε as a decimal with at most six places.</source>
      <translation>L'échelle du bruit {value} est trop grande ou donnée trop finement pour l'échantillonneur exact : donnez ε en décimal avec au plus six décimales.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp.py" line="156" />
      <source>The noise variance must be positive, got {value}.</source>
      <translation>La variance du bruit doit être positive, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp.py" line="162" />
      <source>The noise variance {value} is too large or too finely given for the exact sampler.</source>
      <translation>La variance du bruit {value} est trop grande ou donnée trop finement pour l'échantillonneur exact.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp.py" line="186" />
      <source>{value} is too small for the exact sampler (at least {least}).</source>
      <translation>{value} est trop petit pour l'échantillonneur exact (au moins {least}).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp.py" line="214" />
      <source>ρ = {rho} asks for more noise than the exact sampler can draw: raise ε.</source>
      <translation>ρ = {rho} demande plus de bruit que l'échantillonneur exact ne peut en tirer : augmentez ε.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="144" />
      <source>Unknown mechanism {value!r}: use discrete laplace or discrete gaussian.</source>
      <translation>Mécanisme inconnu {value!r} : utilisez discrete laplace ou discrete gaussian.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="148" />
      <source>ε must be a positive number, got {value!r} (e.g. 1; smaller is more private and noisier).</source>
      <translation>ε doit être un nombre positif, reçu {value!r} (par exemple 1 ; plus petit est plus protecteur et plus bruité).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="151" />
      <source>ε = {value:g} is above the largest ε of one release, {limit:g}: at such an ε the noise is almost always 0 and the exact counts are published. Give a smaller ε (e.g. 1); a release that needs no noise is not a differentially private one.</source>
      <translation>ε = {value:g} dépasse le plus grand ε d'une diffusion, {limit:g} : à un tel ε le bruit est presque toujours nul et les effectifs exacts sont publiés. Donnez un ε plus petit (p. ex. 1) ; une diffusion qui n'a pas besoin de bruit n'est pas une diffusion différentiellement confidentielle.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="157" />
      <source>ε = {value:g} is below the smallest ε of one release, {limit:g}: the exact noise samplers cannot draw that much noise, and it would bury every count. Give a larger ε (e.g. 1).</source>
      <translation>ε = {value:g} est inférieur au plus petit ε d'une diffusion, {limit:g} : les échantillonneurs exacts ne peuvent pas tirer autant de bruit, et il noierait chaque compte. Donnez un ε plus grand (par ex. 1).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="162" />
      <source>The number of cells a person may contribute to must be a whole number of at least 1, got {value!r}.</source>
      <translation>Le nombre de mailles auxquelles une personne peut contribuer doit être un entier d'au moins 1, reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="200" />
      <source>The extent {bounds} is not a rectangle: give xmin, xmax, ymin, ymax in the layer's CRS.</source>
      <translation>L'emprise {bounds} n'est pas un rectangle : donnez xmin, xmax, ymin, ymax dans le SCR de la couche.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="203" />
      <source>The extent {bounds} has no area (its width or height is 0): a differentially private release would spend ε on a strip of cells around a line. Give the extent of the area to release.</source>
      <translation>L'emprise {bounds} n'a pas de surface (sa largeur ou sa hauteur est nulle) : une diffusion différentiellement privée dépenserait ε pour une bande de cellules autour d'une ligne. Donnez l'emprise de la zone à diffuser.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="229" />
      <source>The study area holds no cell centre at {size:g} m: give a larger study area or smaller cells.</source>
      <translation>La zone d'étude ne contient aucun centre de maille à {size:g} m : donnez une zone d'étude plus grande ou des mailles plus petites.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="264" />
      <source>The domain has {count} cells at the finest level, more than {limit}: give a smaller extent or study area, or coarser cells.</source>
      <translation>Le domaine compte {count} mailles au niveau le plus fin, plus que {limit} : donnez une emprise ou une zone d'étude plus petite, ou des mailles plus grandes.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="428" />
      <source>The domain is laid on {domain:g} m cells, the coarsest level is {size:g} m.</source>
      <translation>Le domaine repose sur des mailles de {domain:g} m, le niveau le plus grossier est de {size:g} m.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="67" />
      <source>The discrete Gaussian needs delta in the policy file (e.g. delta = 1e-6, well below one over the number of people): its ε is stated at that δ.</source>
      <translation>La gaussienne discrète a besoin de delta dans le fichier de politique (par exemple delta = 1e-6, bien en dessous de un sur le nombre de personnes) : son ε est énoncé à ce δ.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="72" />
      <source>delta must lie strictly between 0 and 1, got {value!r}.</source>
      <translation>delta doit être strictement compris entre 0 et 1, reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="81" />
      <source>Give at least one cell size in metres, e.g. 1000,2000,4000.</source>
      <translation>Donnez au moins une taille de maille en mètres, par exemple 1000,2000,4000.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/dp_release.py" line="85" />
      <source>The cell sizes {fine:g} m and {coarse:g} m are not nested: each size must be a whole multiple of the next finer one (e.g. 1000,2000,4000), so that every cell lies in one parent.</source>
      <translation>Les tailles de maille {fine:g} m et {coarse:g} m ne sont pas emboîtées : chaque taille doit être un multiple entier de la taille plus fine suivante (par exemple 1000,2000,4000), pour que chaque maille soit dans un seul parent.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ons_ptable.py" line="32" />
      <source>The p-table {source} has a value that is not a number: the columns pcv, ckey, pvalue of ONS's format hold whole numbers only.</source>
      <translation>La table p {source} a une valeur qui n'est pas un nombre : les colonnes pcv, ckey, pvalue du format de l'ONS ne contiennent que des nombres entiers.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ons_ptable.py" line="37" />
      <source>The p-table {source} is empty or has a missing or fractional value: pcv, ckey and pvalue are whole numbers.</source>
      <translation>La table p {source} est vide ou a une valeur manquante ou fractionnaire : pcv, ckey et pvalue sont des nombres entiers.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ons_ptable.py" line="48" />
      <source>The p-table {source} has a negative pcv or ckey.</source>
      <translation>La table p {source} a un pcv ou une ckey négatifs.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ons_ptable.py" line="51" />
      <source>The cell keys of the p-table {source} run from 0 to {largest}: give a table whose cell keys run from 0 to a power of two less one (ONS: 255 or 4095, at most {limit}), so that the record key k of a person is the fraction k / {levels} exactly.</source>
      <translation>Les clés de cellule de la table p {source} vont de 0 à {largest} : donnez une table dont les clés de cellule vont de 0 à une puissance de deux moins un (ONS : 255 ou 4095, au plus {limit}), pour que la clé d'enregistrement k d'une personne soit exactement la fraction k / {levels}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ons_ptable.py" line="59" />
      <source>The p-table {source} has {count} rows (pcv) from {first} to {last}: ONS's package serves every count above {end} with rows {start} to {end} in turn, so a table in its format needs every row from 1 to {end}.</source>
      <translation>La table p {source} a {count} lignes (pcv) de {first} à {last} : le paquet de l'ONS sert chaque effectif au-delà de {end} par les lignes {start} à {end} tour à tour, une table à son format doit donc avoir chaque ligne de 1 à {end}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ons_ptable.py" line="70" />
      <source>The p-table {source} must give every pair of pcv and ckey (0 to {largest}) exactly once.</source>
      <translation>La table p {source} doit donner chaque paire de pcv et de ckey (0 à {largest}) exactement une fois.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ons_ptable.py" line="76" />
      <source>Row 0 of the p-table {source} moves an empty cell: 0 must stay 0.</source>
      <translation>La ligne 0 de la table p {source} déplace une cellule vide : 0 doit rester 0.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ons_ptable.py" line="80" />
      <source>The p-table {source} publishes a negative count (pcv + pvalue &lt; 0).</source>
      <translation>La table p {source} publie un effectif négatif (pcv + pvalue &lt; 0).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="106" />
      <source>Some records say method = 'cell key' and others do not: a release is perturbed as a whole or not at all.</source>
      <translation>Certains enregistrements disent method = 'cell key' et d'autres non : une diffusion est perturbée en entier ou pas du tout.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="109" />
      <source>This release is perturbed by the cell key method, which the policy does not allow: add method = "cell key" with ckm_min_d, ckm_min_v, ckm_min_js and the approved ptable to the policy file, or publish a suppressed grid.</source>
      <translation>Cette diffusion est perturbée par la méthode de la clé de cellule, que la politique n'autorise pas : ajoutez method = "cell key" avec ckm_min_d, ckm_min_v, ckm_min_js et la ptable approuvée au fichier de politique, ou publiez une grille avec secret statistique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="116" />
      <source>The policy names no approved p-table (ptable = "file.csv"): without it the gate cannot check D, V and JS. Add it to the policy file.</source>
      <translation>La politique ne nomme aucune table p approuvée (ptable = "fichier.csv") : sans elle, le contrôle ne peut vérifier D, V et JS. Ajoutez-la au fichier de politique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="126" />
      <source>{count} record(s) were not perturbed with the approved p-table (their ptable_hash differs from {hash}…).</source>
      <translation>{count} enregistrement(s) n'ont pas été perturbés avec la table p approuvée (leur ptable_hash diffère de {hash}…).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="130" />
      <source>The records must all carry one key_fingerprint: a release is perturbed with one key.</source>
      <translation>Les enregistrements doivent tous porter une même key_fingerprint : une diffusion est perturbée avec une seule clé.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="136" />
      <source>A published count is missing or not a whole number &gt;= 0 ({value!r}): every cell of a cell key release is published.</source>
      <translation>Un effectif publié manque ou n'est pas un nombre entier &gt;= 0 ({value!r}) : toutes les cellules d'une diffusion à clé de cellule sont publiées.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="144" />
      <source>{count} published count(s) lie in 1..{js}, which the p-table never publishes (e.g. {value}): the layer was edited after perturbation or perturbed otherwise.</source>
      <translation>{count} effectif(s) publié(s) sont dans 1..{js}, que la table p ne publie jamais (par exemple {value}) : la couche a été modifiée après la perturbation ou perturbée autrement.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="164" />
      <source>{count} cell(s) of this cell key release can be pinned by an attacker who knows D and the p-table, from the totals published beside it, to {what} while they could hold 1 to k - 1 = {below} people (e.g. {cells}). Publish the totals at another size, a p-table with more noise, or suppression.</source>
      <translation>{count} maille(s) de cette diffusion par clés de cellule peuvent être fixées par un attaquant qui connaît D et la p-table, à partir des totaux publiés à côté, à {what} alors qu'elles pourraient compter de 1 à k - 1 = {below} personnes (par ex. {cells}). Publiez les totaux à une autre taille, une p-table plus bruitée, ou une suppression.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="38" />
      <source>The p-table has {label} = {value:g}, below the policy's minimum {name} = {minimum:g}.</source>
      <translation>La table p a {label} = {value:g}, sous le minimum de la politique {name} = {minimum:g}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="68" />
      <source>The approved p-table {path} has changed since the policy pinned it: its hash is {actual}…, the policy's ptable_hash is {pinned}…. Restore the approved file, or approve the new table by putting its hash in the policy.</source>
      <translation>La table p approuvée {path} a changé depuis que la politique l'a figée : son empreinte est {actual}…, le ptable_hash de la politique est {pinned}…. Restaurez le fichier approuvé, ou approuvez la nouvelle table en inscrivant son empreinte dans la politique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/perturbed.py" line="85" />
      <source>The p-table differs from the one the policy approves ({path}): use that p-table, or change the policy file.</source>
      <translation>La table p diffère de celle qu'approuve la politique ({path}) : utilisez cette table p, ou changez le fichier de politique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="138" />
      <source>D (the largest noise) must be a whole number from 1 to {limit}, got {value}.</source>
      <translation>D (le bruit le plus grand) doit être un nombre entier de 1 à {limit}, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="141" />
      <source>JS (published counts 1..JS are blocked) must be a whole number &gt;= 0, got {value}.</source>
      <translation>JS (les effectifs publiés 1..JS sont interdits) doit être un nombre entier &gt;= 0, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="144" />
      <source>V (the noise variance) must be a positive number, got {value}.</source>
      <translation>V (la variance du bruit) doit être un nombre positif, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="147" />
      <source>PSTAY (the probability of no noise) must lie in [0, 1), got {value}; leave it empty to let the maximum-entropy rule choose it.</source>
      <translation>PSTAY (la probabilité de ne pas bruiter) doit être dans [0, 1), reçu {value} ; laissez-le vide pour que la règle d'entropie maximale le choisisse.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="153" />
      <source>V = {variance:g} cannot hold in any row: with noise at most D = {d} the variance is at most {largest:g} (D²{pstay_note}). Raise D or lower V.</source>
      <translation>V = {variance:g} ne peut tenir dans aucune ligne : avec un bruit d'au plus D = {d}, la variance vaut au plus {largest:g} (D²{pstay_note}). Augmentez D ou diminuez V.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="158" />
      <source>V = {variance:g} cannot hold in the rows of large counts with PSTAY = {pstay:g}: the noise is nonzero with probability {spread:g}, so its variance is at least {spread:g}. Lower PSTAY or raise V.</source>
      <translation>V = {variance:g} ne peut tenir dans les lignes des grands effectifs avec PSTAY = {pstay:g} : le bruit est non nul avec la probabilité {spread:g}, donc sa variance vaut au moins {spread:g}. Diminuez PSTAY ou augmentez V.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="163" />
      <source>JS = {js} is larger than D = {d}: a count of {js} can neither become 0 nor reach {above} with noise of at most D, so row {js} has no unbiased noise. Raise D to at least JS or lower JS.</source>
      <translation>JS = {js} est plus grand que D = {d} : un effectif de {js} ne peut ni devenir 0 ni atteindre {above} avec un bruit d'au plus D, la ligne {js} n'a donc pas de bruit sans biais. Portez D à au moins JS ou diminuez JS.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="242" />
      <source>no unbiased noise is possible: the row can only stay or move up</source>
      <translation>aucun bruit sans biais n'est possible : la ligne ne peut que rester ou monter</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="263" />
      <source>The maximum-entropy solver did not converge for noise values {values} and variance {variance:g}: choose a variance further from the bounds its support allows.</source>
      <translation>Le solveur d'entropie maximale n'a pas convergé pour les valeurs de bruit {values} et la variance {variance:g} : choisissez une variance plus éloignée des bornes que permet son support.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="270" />
      <source>the largest variance its support allows</source>
      <translation>la plus grande variance que permet son support</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="271" />
      <source>the least variance its support allows</source>
      <translation>la plus petite variance que permet son support</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="294" />
      <source>Row {row} of the p-table has no unbiased noise: with D = {d} and JS = {js} its count can only grow. Raise D or lower JS.</source>
      <translation>La ligne {row} de la table p n'a pas de bruit sans biais : avec D = {d} et JS = {js}, son effectif ne peut que croître. Augmentez D ou diminuez JS.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="300" />
      <source>Row {row} of the p-table cannot have variance {variance:g} (the nearest its support allows is {reached:g}). Change D, V or PSTAY.</source>
      <translation>La ligne {row} de la table p ne peut avoir la variance {variance:g} (la plus proche que permet son support est {reached:g}). Changez D, V ou PSTAY.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="334" />
      <source>The p-table {source} lacks the column(s) {columns}: give a table with the columns i, j, p, v, p_int_lb, p_int_ub (the ptable package's format).</source>
      <translation>La table p {source} n'a pas la ou les colonnes {columns} : donnez une table avec les colonnes i, j, p, v, p_int_lb, p_int_ub (le format du paquet ptable).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="341" />
      <source>The p-table {source} has a value that is not a number: the columns i, j, p, v, p_int_lb, p_int_ub hold numbers only.</source>
      <translation>La table p {source} a une valeur qui n'est pas un nombre : les colonnes i, j, p, v, p_int_lb, p_int_ub ne contiennent que des nombres.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="345" />
      <source>The p-table {source} is empty or has missing values.</source>
      <translation>La table p {source} est vide ou a des valeurs manquantes.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="348" />
      <source>The p-table {source} has a {column} that is not a whole number &gt;= 0.</source>
      <translation>La table p {source} a une valeur de {column} qui n'est pas un nombre entier &gt;= 0.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="351" />
      <source>The p-table {source} has a probability outside [0, 1].</source>
      <translation>La table p {source} a une probabilité hors de [0, 1].</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="353" />
      <source>The p-table {source} has a pair (i, j) twice.</source>
      <translation>La table p {source} a deux fois le même couple (i, j).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="356" />
      <source>The p-table {source} must have every row i from 0 to its last one without gaps (the last row serves every larger count).</source>
      <translation>La table p {source} doit avoir toutes les lignes i de 0 à la dernière, sans trou (la dernière ligne sert pour tout effectif plus grand).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="361" />
      <source>Row {row} of the p-table {source} has probabilities summing to {total!r}, not 1.</source>
      <translation>La ligne {row} de la table p {source} a des probabilités de somme {total!r}, et non 1.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="373" />
      <source>The p-table {source} has a v that is not j − i.</source>
      <translation>La table p {source} a une valeur v qui n'est pas j − i.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="378" />
      <source>The p-table {source} has a {column} that is not the cumulative probability of its row in order of j: correct it or leave the column out.</source>
      <translation>La table p {source} a une valeur de {column} qui n'est pas la probabilité cumulée de sa ligne dans l'ordre de j : corrigez-la ou omettez la colonne.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="391" />
      <source>The p-table {source} leaves every count of its last row ({last}) unchanged while it moves smaller ones: in this format the last row serves every larger count, which would all be published exactly. Give the last row noise; a rounding table such as ONS's (10-5 rule) goes in ONS's own format (columns pcv, ckey, pvalue), whose rows 501 to 750 serve larger counts in turn, as ONS applies them.</source>
      <translation>La table p {source} laisse inchangé l'effectif de sa dernière ligne ({last}) alors qu'elle déplace les plus petits : dans ce format, la dernière ligne sert chaque effectif plus grand, qui serait alors publié exactement. Donnez du bruit à la dernière ligne ; une table d'arrondi comme celle de l'ONS (règle 10-5) se donne au format propre de l'ONS (colonnes pcv, ckey, pvalue), dont les lignes 501 à 750 servent tour à tour les effectifs plus grands, comme l'ONS les applique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="405" />
      <source>Cannot read the p-table {source}: {reason}.</source>
      <translation>Impossible de lire la table p {source} : {reason}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="408" />
      <source>The p-table {source} is not UTF-8 text.</source>
      <translation>La table p {source} n'est pas un texte UTF-8.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/noise/ptable.py" line="414" />
      <source>The p-table {source} does not parse as CSV: {reason}.</source>
      <translation>La table p {source} n'est pas un CSV lisible : {reason}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/parallel.py" line="28" />
      <source>The environment variable {name} must be a whole number of threads (1 or more), got '{value}'.</source>
      <translation>La variable d'environnement {name} doit être un nombre entier de fils d'exécution (1 ou plus) ; reçu « {value} ».</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="101" />
      <source>The suppression tolerance must be a share in [0, 1), got {value!r}.</source>
      <translation>La tolérance de secret doit être une part dans [0, 1), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="149" />
      <source>A record has no stratum label (NULL or empty) while the policy gives strata their own rho ({known}): its k would silently be the base one. Give every record its stratum.</source>
      <translation>Un enregistrement n'a pas d'étiquette de strate (NULL ou vide) alors que la politique donne aux strates leur propre rho ({known}) : son k serait silencieusement celui de base. Donnez à chaque enregistrement sa strate.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="154" />
      <source>The stratum label {label!r} is not in the policy's [stratum_rho] ({known}), though it looks like {near!r}: its k would silently be the base one. Correct the label in the strata layer, or name the stratum exactly so in the policy.</source>
      <translation>L'étiquette de strate {label!r} n'est pas dans le [stratum_rho] de la politique ({known}), bien qu'elle ressemble à {near!r} : son k serait silencieusement celui de base. Corrigez l'étiquette dans la couche de strates, ou nommez la strate exactement ainsi dans la politique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="194" />
      <source>The policy file {source} gives {name} as a date or time ({value}): policy values are numbers, text or true/false. Write it in quotes, e.g. {name} = "{value}".</source>
      <translation>Le fichier de politique {source} donne {name} comme date ou heure ({value}) : les valeurs d'une politique sont des nombres, du texte ou true/false. Écrivez-la entre guillemets, par exemple {name} = "{value}".</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="216" />
      <source>The policy file {source} must hold key = value pairs.</source>
      <translation>Le fichier de politique {source} doit contenir des paires clé = valeur.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="221" />
      <source>The policy file {source} lacks the field(s) {fields}: add them, e.g. rho = 0.1, tolerance = 0.2, counting_unit = "person".</source>
      <translation>Il manque au fichier de politique {source} le(s) champ(s) {fields} : ajoutez-les, par ex. rho = 0.1, tolerance = 0.2, counting_unit = "person".</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="228" />
      <source>The policy file {source} has unknown field(s) {fields}; known fields are {known}.</source>
      <translation>Le fichier de politique {source} contient des champs inconnus {fields} ; les champs connus sont {known}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="238" />
      <source>counting_unit in {source} must be "person" or "device", got {value!r}.</source>
      <translation>counting_unit dans {source} doit valoir "person" ou "device", reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="244" />
      <source>protection_level in {source} must be a positive number of people, got {value!r}.</source>
      <translation>protection_level dans {source} doit être un nombre positif de personnes, reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="249" />
      <source>series_max_change in {source} must be a number of people &gt;= 0 (the most a cell's count can change between consecutive releases, as an attacker may assume), got {value!r}.</source>
      <translation>series_max_change dans {source} doit être un nombre de personnes &gt;= 0 (la variation maximale de l'effectif d'une maille entre deux diffusions consécutives qu'un attaquant peut supposer), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="254" />
      <source>{name} in {source} must be true or false, got {value!r}.</source>
      <translation>{name} dans {source} doit valoir true ou false, reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="260" />
      <source>{name} in {source} must be a probability in (0, 1], got {value!r}.</source>
      <translation>{name} dans {source} doit être une probabilité dans (0, 1], reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="267" />
      <source>epsilon_budget in {source} must be a positive number (the total ε a dataset's differentially private releases may spend), got {value!r}.</source>
      <translation>epsilon_budget dans {source} doit être un nombre positif (l'ε total que les diffusions différentiellement privées d'un jeu de données peuvent dépenser), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="273" />
      <source>delta in {source} must lie strictly between 0 and 1 (e.g. 1e-6, well below one over the number of people), got {value!r}.</source>
      <translation>delta dans {source} doit être strictement compris entre 0 et 1 (par exemple 1e-6, bien en dessous de un sur le nombre de personnes), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="277" />
      <source>gate_on in {source} must be "estimate" or "lower bound", got {value!r}.</source>
      <translation>gate_on dans {source} doit valoir "estimate" ou "lower bound", reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="282" />
      <source>stratum_rho in {source} must be a table of stratum = rho, e.g. [stratum_rho] rural = 0.05.</source>
      <translation>stratum_rho dans {source} doit être une table strate = rho, par ex. [stratum_rho] rural = 0.05.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="296" />
      <source>per_release_ceiling = {per_release:g} is above cumulative_ceiling = {cumulative:g}{where}: the programme's cumulative risk includes every release, so the two contradict each other. Set the per-release ceiling at or below the cumulative one.</source>
      <translation>per_release_ceiling = {per_release:g} dépasse cumulative_ceiling = {cumulative:g}{where} : le risque cumulé du programme inclut chaque diffusion, les deux se contredisent donc. Fixez le plafond par diffusion au plus au plafond cumulé.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="308" />
      <source>method in {source} must be "suppression" or "cell key", got {value!r}.</source>
      <translation>method dans {source} doit être "suppression" ou "cell key", reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="314" />
      <source>{fields} in {source} apply to the cell key method: add method = "cell key" or remove them.</source>
      <translation>{fields} dans {source} s'appliquent à la méthode de la clé de cellule : ajoutez method = "cell key" ou retirez-les.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="321" />
      <source>method = "cell key" in {source} needs the minimums {fields} (largest noise D, noise variance V, blocked counts 1..JS), e.g. ckm_min_d = 3, ckm_min_v = 2, ckm_min_js = 0.</source>
      <translation>method = "cell key" dans {source} demande les minimums {fields} (plus grand bruit D, variance du bruit V, effectifs interdits 1..JS), par exemple ckm_min_d = 3, ckm_min_v = 2, ckm_min_js = 0.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="331" />
      <source>In {source}, ckm_min_d and ckm_min_js must be whole numbers (D at least 1, JS at least 0) and ckm_min_v a positive number; {name} is {value!r}.</source>
      <translation>Dans {source}, ckm_min_d et ckm_min_js doivent être des nombres entiers (D au moins 1, JS au moins 0) et ckm_min_v un nombre positif ; {name} vaut {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="337" />
      <source>ckm_min_width in {source} must be a number of 0 or more (the least width of the interval an attacker who knows the p-table may derive for a count that could be 1..k - 1), got {value!r}.</source>
      <translation>ckm_min_width dans {source} doit être un nombre supérieur ou égal à 0 (la plus petite largeur de l'intervalle qu'un attaquant qui connaît la p-table peut déduire pour un effectif qui pourrait valoir 1..k - 1), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="343" />
      <source>ptable in {source} must be the path of the approved p-table (CSV), relative to the policy file or absolute.</source>
      <translation>ptable dans {source} doit être le chemin de la table p approuvée (CSV), relatif au fichier de politique ou absolu.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="348" />
      <source>ptable_hash in {source} must be the SHA-256 of the approved p-table (64 lowercase hexadecimal digits, the PTABLE_HASH output of the perturbation table algorithm), got {value!r}.</source>
      <translation>ptable_hash dans {source} doit être le SHA-256 de la table p approuvée (64 chiffres hexadécimaux en minuscules, la sortie PTABLE_HASH de l'algorithme de table de perturbation), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="353" />
      <source>ptable_hash in {source} pins the approved p-table: name that p-table too (ptable = "file.csv").</source>
      <translation>ptable_hash dans {source} fige la table p approuvée : nommez aussi cette table p (ptable = "fichier.csv").</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="363" />
      <source>The policy file {source} gives {name} twice ({first!r}, then {second!r}): a reader may take either. Keep one.</source>
      <translation>Le fichier de politique {source} donne {name} deux fois ({first!r}, puis {second!r}) : un lecteur peut prendre l'une ou l'autre. Gardez-en une.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="391" />
      <source>Cannot read the policy file {source}: {reason}.</source>
      <translation>Impossible de lire le fichier de politique {source} : {reason}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="394" />
      <source>The policy file {source} is not UTF-8 text (byte {position}): save it as UTF-8 (TOML and JSON files are UTF-8).</source>
      <translation>Le fichier de politique {source} n'est pas du texte UTF-8 (octet {position}) : enregistrez-le en UTF-8 (les fichiers TOML et JSON sont en UTF-8).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="408" />
      <source>The policy file {source} gives {name} twice: a reader may take either. Keep one.</source>
      <translation>Le fichier de politique {source} donne {name} deux fois : un lecteur peut prendre l'une ou l'autre. Gardez-en une.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="417" />
      <source>The policy file {source} does not parse: {reason}. Fix its syntax (TOML, or JSON for a .json file).</source>
      <translation>Le fichier de politique {source} est illisible : {reason}. Corrigez sa syntaxe (TOML, ou JSON pour un fichier .json).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="437" />
      <source>The value {given} given for {name} conflicts with {in_file} in the policy file {source}. Leave {name} empty to use the policy, or change the policy file.</source>
      <translation>La valeur {given} donnée pour {name} contredit {in_file} du fichier de politique {source}. Laissez {name} vide pour utiliser la politique, ou modifiez le fichier de politique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="452" />
      <source>Give a policy file or a value for rho (the accepted disclosure probability, e.g. 0.1 for k = 10).</source>
      <translation>Indiquez un fichier de politique ou une valeur de rho (la probabilité de divulgation acceptée, par ex. 0,1 pour k = 10).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="77" />
      <source>rho must be a number in (0, 1), got {value!r}.</source>
      <translation>rho doit être un nombre dans (0, 1), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="80" />
      <source>rho must lie strictly between 0 and 1, got {value}: it is the accepted probability of singling a person out, for example 0.1 for k = 10.</source>
      <translation>rho doit être strictement entre 0 et 1, reçu {value} : c'est la probabilité acceptée d'isoler une personne, par exemple 0,1 pour k = 10.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="87" />
      <source>rho = {value} asks for k = ⌈1/ρ⌉ above {limit}: no cell could ever be published and k cannot be represented. Give the accepted probability of singling a person out, for example 0.1 for k = 10 (rho must be at least 1e-9).</source>
      <translation>rho = {value} demande k = ⌈1/ρ⌉ au-delà de {limit} : aucune maille ne pourrait jamais être publiée et k ne peut pas être représenté. Donnez la probabilité acceptée d'isoler une personne, par exemple 0.1 pour k = 10 (rho doit valoir au moins 1e-9).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/diversity.py" line="38" />
      <source>{count} published record(s) have no sensitive value: give every record its category.</source>
      <translation>{count} enregistrement(s) publié(s) n'ont pas de valeur sensible : donnez à chaque enregistrement sa modalité.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/diversity.py" line="41" />
      <source>No published record has a positive count: there is no evidence of diversity.</source>
      <translation>Aucun enregistrement publié n'a d'effectif positif : il n'y a aucune preuve de diversité.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/diversity.py" line="50" />
      <source>{count} published cell(s) show fewer than l = {l} distinct sensitive values (fewest: {fewest}): everyone in them can be assigned a value. Merge categories, publish coarser, or withhold the attribute.</source>
      <translation>{count} maille(s) publiée(s) montrent moins de l = {l} valeurs sensibles distinctes (le minimum : {fewest}) : on peut attribuer une valeur à chacun de leurs membres. Regroupez des modalités, publiez plus grossier, ou masquez l'attribut.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/diversity.py" line="63" />
      <source>{count} published cell(s) have a distribution of the sensitive value farther than t = {t:g} from the whole release's (largest: {largest:.3f}).</source>
      <translation>{count} maille(s) publiée(s) ont une distribution de la valeur sensible plus éloignée que t = {t:g} de celle de la diffusion entière (la plus grande : {largest:.3f}).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="103" />
      <source>{count} published record(s) have a count that is not a whole number of people.</source>
      <translation>{count} enregistrement(s) publié(s) ont un effectif qui n'est pas un nombre entier de personnes.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="110" />
      <source>{count} published record(s) count fewer than k = {k} people (smallest: {smallest}). Withhold them, or publish at a coarser resolution; never lower k. (Structural zeros are published only under a policy with publish_zeros = true.)</source>
      <translation>{count} enregistrement(s) publié(s) comptent moins de k = {k} personnes (le plus petit : {smallest}). Masquez-les ou publiez à une résolution plus grossière ; ne baissez jamais k. (Les zéros structurels ne sont publiés que sous une politique avec publish_zeros = true.)</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="118" />
      <source>{count} withheld record(s) still carry a count: a withheld value must be NULL in every output. Blank the count of withheld records.</source>
      <translation>{count} enregistrement(s) masqué(s) portent encore un effectif : une valeur masquée doit être NULL dans toute sortie. Videz l'effectif des enregistrements masqués.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="132" />
      <source>{count} published area count(s) beside the release count fewer than k = {k} people ({examples}). Withhold them (NULL) where they are published, or give the areas without those counts.</source>
      <translation>{count} effectif(s) de zone publié(s) à côté de la diffusion comptent moins de k = {k} personnes ({examples}). Masquez-les (NULL) là où ils sont publiés, ou donnez les zones sans ces effectifs.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="135" />
      <source>{count} total(s) the release publishes count fewer than k = {k} people ({examples}). A total is a cell of the release like any other: withhold it (NULL) where it is published.</source>
      <translation>{count} total(aux) que publie la diffusion comptent moins de k = {k} personnes ({examples}). Un total est une cellule de la diffusion comme une autre : retenez-le (NULL) là où il est publié.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="162" />
      <source>The release states {n} people, fewer than k = {k}: the whole area is then a place of fewer than k people, whatever its cells show. Release a larger area, or keep the number of people secret (population_total_secret = true in the policy, and no number of people given to the gate).</source>
      <translation>La diffusion indique {n} personnes, moins que k = {k} : la zone entière est alors un lieu de moins de k personnes, quoi que montrent ses cellules. Diffusez une zone plus grande, ou gardez le nombre de personnes secret (population_total_secret = true dans la politique, et aucun nombre de personnes donné au contrôle).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="24" />
      <source>published with a NULL count</source>
      <translation>publié avec un effectif NULL</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="25" />
      <source>published count is not a whole number</source>
      <translation>l'effectif publié n'est pas un nombre entier</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="26" />
      <source>published count below k</source>
      <translation>effectif publié inférieur à k</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="27" />
      <source>withheld but still carries a count</source>
      <translation>masqué mais porte encore un effectif</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="274" />
      <source>{count} withheld record(s) (e.g. {records}) can be narrowed by an attacker to an interval narrower than p = {p:g} from what the release publishes (its counts and totals, that withheld cells are not empty, the number of people, any status labels). Withhold more cells (complementary suppression) or publish fewer totals.</source>
      <translation>{count} enregistrement(s) masqué(s) (p. ex. {records}) peuvent être resserrés par un attaquant à un intervalle plus étroit que p = {p:g} à partir de ce que publie la diffusion (ses effectifs et totaux, le fait que les cellules masquées ne sont pas vides, le nombre de personnes, les éventuelles étiquettes de statut). Masquez davantage de cellules (suppression complémentaire) ou publiez moins de totaux.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="28" />
      <source>withheld, an attacker narrows it below p</source>
      <translation>masqué, un attaquant le resserre en dessous de p</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="29" />
      <source>withheld, an attacker recovers it exactly</source>
      <translation>masqué, un attaquant le retrouve exactement</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="30" />
      <source>withheld, an attacker narrows its cell below p over all its attribute records</source>
      <translation>masqué, un attaquant resserre sa cellule en dessous de p, sur tous ses enregistrements d'attributs</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="321" />
      <source>{count} withheld record(s) can be recovered exactly from what the release publishes.</source>
      <translation>{count} enregistrement(s) masqué(s) peuvent être retrouvés exactement à partir de ce que publie la diffusion.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="327" />
      <source>{count} withheld total(s) (e.g. {totals}) can be narrowed by an attacker to an interval narrower than p = {p:g} from what the release publishes: a total is a cell of the release, and the cells under it give it away. Withhold more cells under it, or a total beside it.</source>
      <translation>{count} total(s) masqué(s) (par ex. {totals}) peuvent être resserrés par un attaquant à un intervalle plus étroit que p = {p:g} à partir de ce que la diffusion publie : un total est une maille de la diffusion, et les mailles qu'il contient le révèlent. Masquez davantage de mailles sous lui, ou un total à côté.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="436" />
      <source>{count} sliver(s) where a published area's border crosses a cell can be narrowed below p = {p:g} by subtracting the cells inside the area from its count (cell ∩ area [interval]: {examples}). Withhold the cells around those borders, or do not publish those area counts beside this grid.</source>
      <translation>{count} lisière(s) où la limite d'une zone publiée traverse une cellule peuvent être resserrées sous p = {p:g} en soustrayant de l'effectif de la zone les cellules qu'elle contient (cellule ∩ zone [intervalle] : {examples}). Masquez les cellules autour de ces limites, ou ne publiez pas ces effectifs de zones à côté de cette grille.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="63" />
      <source>{count} record(s) have a status in '{field}' that is none of {known} (e.g. {examples}): the gate cannot tell whether they are published.</source>
      <translation>{count} enregistrement(s) ont dans « {field} » un statut qui n'est aucun de {known} (par ex. {examples}) : le contrôle ne peut pas savoir s'ils sont publiés.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="86" />
      <source>The input has no records: there is nothing to check, and missing evidence never passes the gate.</source>
      <translation>L'entrée n'a aucun enregistrement : il n'y a rien à contrôler, et l'absence de preuve ne passe jamais le contrôle.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/gate.py" line="97" />
      <source>{count} published record(s) have a NULL count: a published cell needs a count (mark it withheld in the status field if it is not published).</source>
      <translation>{count} enregistrement(s) publié(s) ont un effectif NULL : une maille publiée a besoin d'un effectif (marquez-la masquée dans le champ de statut si elle n'est pas publiée).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/grid_release.py" line="157" />
      <source>A series with published attribute fields needs the attribute values of each key to match groups across releases.</source>
      <translation>Une série avec des champs d'attributs publiés a besoin des valeurs d'attributs de chaque clé pour apparier les groupes d'une diffusion à l'autre.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/grid_release.py" line="44" />
      <source>The protection level must be positive, got {value}.</source>
      <translation>Le niveau de protection doit être positif, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/series.py" line="39" />
      <source>The releases of the series cannot all hold if no cell changes by more than series_max_change = {delta:g} people between releases: the data moved more than the assumed attacker model allows. Set series_max_change in the policy to the largest change an attacker could assume (at least the largest observed change of a published cell).</source>
      <translation>Les diffusions de la série ne peuvent pas toutes tenir si aucune maille ne varie de plus de series_max_change = {delta:g} personnes entre deux diffusions : les données ont varié plus que le modèle d'attaquant supposé ne le permet. Fixez series_max_change dans la politique à la plus grande variation qu'un attaquant pourrait supposer (au moins la plus grande variation observée d'une maille publiée).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/series_gate.py" line="37" />
      <source>{count} withheld cell(s) (e.g. {cells}) can be narrowed below p = {p:g} by combining this release with the earlier ones, assuming no cell changes by more than {delta:g} between releases. Rebuild the grid with the earlier releases given, so that suppression holds across the series.</source>
      <translation>{count} cellule(s) masquée(s) (p. ex. {cells}) peuvent être resserrées sous p = {p:g} en combinant cette diffusion avec les précédentes, en supposant qu'aucune cellule ne change de plus de {delta:g} entre deux diffusions. Reconstruisez la grille en donnant les diffusions précédentes, pour que la suppression tienne sur toute la série.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/series_gate.py" line="50" />
      <source>This release narrows {count} withheld cell(s) of earlier releases below p = {p:g} (e.g. {cells}).</source>
      <translation>Cette diffusion resserre {count} cellule(s) masquée(s) de diffusions précédentes sous p = {p:g} (p. ex. {cells}).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/sliver_suppression.py" line="33" />
      <source>The grid cannot protect these zones: with several points per person (counts of distinct people) and zones whose borders cross cells, or zone layers that cross, its {atoms} pieces are too many for the exact attacker (at most {most}) and no pattern can be proven safe. Count one point per person (homes), publish zones made of whole cells (a coarser grid), or leave PUBLISHED_ZONES empty.</source>
      <translation>La grille ne peut pas protéger ces zones : avec plusieurs points par personne (effectifs de personnes distinctes) et des zones dont les limites coupent des carreaux, ou des couches de zones qui se croisent, ses {atoms} morceaux sont trop nombreux pour l'attaquant exact (au plus {most}) et aucun schéma ne peut être prouvé sûr. Comptez un point par personne (domiciles), publiez des zones faites de carreaux entiers (une grille plus grossière), ou laissez PUBLISHED_ZONES vide.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/strata.py" line="144" />
      <source>Parent totals are not defined for a grid with a cell size per stratum (its cells have no common parent grid): declare the grand total only.</source>
      <translation>Les totaux parents ne sont pas définis pour une grille avec une taille de maille par strate (ses mailles n'ont pas de grille parente commune) : déclarez seulement le total général.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/strata.py" line="28" />
      <source>'{part}' is not stratum=metres (e.g. core=250;rural=2000).</source>
      <translation>« {part} » n'est pas de la forme strate=mètres (par ex. core=250;rural=2000).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/strata.py" line="32" />
      <source>No cell size is given for the stratum/strata {names}: give one for every stratum, e.g. core=250;rural=2000.</source>
      <translation>Aucune taille de maille n'est donnée pour la ou les strates {names} : donnez-en une pour chaque strate, par ex. core=250;rural=2000.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/strata.py" line="36" />
      <source>The strata's cell sizes {sizes} are not nested: each must be a whole multiple of the finer ones, so that coarse and fine cells never overlap.</source>
      <translation>Les tailles de maille des strates {sizes} ne sont pas emboîtées : chacune doit être un multiple entier des plus fines, pour que mailles grossières et fines ne se chevauchent jamais.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/totals.py" line="130" />
      <source>The parent factor must be a whole number of at least 2, got {value}.</source>
      <translation>Le facteur parent doit être un entier d'au moins 2, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/release/totals.py" line="206" />
      <source>An earlier release gives different totals for the same set of cells: use the grid layers exactly as they were published.</source>
      <translation>Une diffusion antérieure donne des totaux différents pour le même ensemble de mailles : utilisez les couches de grille exactement telles qu'elles ont été publiées.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/linkage.py" line="207" />
      <source>The radius must be a distance of 0 or more, got {value}.</source>
      <translation>Le rayon doit être une distance positive ou nulle, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/linkage.py" line="212" />
      <source>The auxiliary layer has no records: there is nobody to look for.</source>
      <translation>La couche auxiliaire n'a aucun enregistrement : il n'y a personne à chercher.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/linkage.py" line="214" />
      <source>The release has no records: there is nothing to join against.</source>
      <translation>La diffusion n'a aucun enregistrement : il n'y a rien à apparier.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/linkage.py" line="218" />
      <source>Coverage weights must be positive numbers; {count} are zero, negative or missing.</source>
      <translation>Les poids de couverture doivent être des nombres positifs ; {count} sont nuls, négatifs ou manquants.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/linkage.py" line="222" />
      <source>Give the truth id of both layers, or of neither.</source>
      <translation>Donnez l'identifiant de vérité des deux couches, ou d'aucune.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/linkage.py" line="284" />
      <source>The share of displaced records must be between 0 and 1, got {value}.</source>
      <translation>La part des enregistrements déplacés doit être entre 0 et 1, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/linkage.py" line="287" />
      <source>Give a positive displacement distance for the displaced share.</source>
      <translation>Donnez une distance de déplacement positive pour la part déplacée.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/linkage.py" line="313" />
      <source>{count} record(s) of {layer} have a NULL truth id in '{field}': the join could not tell whether they are matched correctly. Fill them in, or leave those records out of the simulation.</source>
      <translation>{count} enregistrement(s) de {layer} ont un identifiant de vérité NULL dans « {field} » : la jointure ne pourrait pas dire s'ils sont bien appariés. Renseignez-les, ou laissez ces enregistrements hors de la simulation.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/linkage.py" line="319" />
      <source>The truth id {value!r} appears {count} times in '{field}' of {layer}: each record of one release is one subject, with its own id. Give every record its own id, or join one record per subject.</source>
      <translation>L'identifiant de vérité {value!r} apparaît {count} fois dans « {field} » de {layer} : chaque enregistrement d'une diffusion est un sujet, avec son propre identifiant. Donnez à chaque enregistrement son propre identifiant, ou joignez un enregistrement par sujet.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/masking.py" line="100" />
      <source>{count} address(es) lie in no zone of the marginals table: give marginals for every zone, or clip the addresses first.</source>
      <translation>{count} adresse(s) ne sont dans aucune zone de la table des marges : donnez des marges pour chaque zone, ou découpez d'abord les adresses.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/masking.py" line="40" />
      <source>The donut needs 0 &lt;= minimum radius &lt; maximum radius, got {low} and {high}.</source>
      <translation>L'anneau exige 0 &lt;= rayon minimal &lt; rayon maximal, reçu {low} et {high}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/masking.py" line="43" />
      <source>A maximum displacement of {high:g} m is larger than any distance on Earth ({limit:g} m): give the radius in metres of the layer's metric CRS, e.g. 250.</source>
      <translation>Un déplacement maximal de {high:g} m dépasse toute distance sur Terre ({limit:g} m) : donnez le rayon en mètres du SCR métrique de la couche, par exemple 250.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/masking.py" line="62" />
      <source>The marginals table is empty: it needs rows of attribute, category and share.</source>
      <translation>La table des marges est vide : il lui faut des lignes attribute, category et share.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/masking.py" line="66" />
      <source>{count} marginal row(s) have a missing attribute or a share that is not a number of 0 or more.</source>
      <translation>{count} ligne(s) de marges ont un attribut manquant ou une part qui n'est pas un nombre positif ou nul.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/masking.py" line="72" />
      <source>The shares of '{attribute}' add up to {total:.3f}, not 1: fix the marginals table.</source>
      <translation>Les parts de « {attribute} » totalisent {total:.3f}, et non 1 : corrigez la table des marges.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/masking.py" line="75" />
      <source>The shares of '{attribute}' in zone {zone} add up to {total:.3f}, not 1: fix the marginals table.</source>
      <translation>Les parts de « {attribute} » dans la zone {zone} totalisent {total:.3f}, et non 1 : corrigez la table des marges.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/masking.py" line="82" />
      <source>Every zone of the marginals table must give the same attributes.</source>
      <translation>Chaque zone de la table des marges doit donner les mêmes attributs.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/masking.py" line="95" />
      <source>Coverage must be a share in (0, 1], got {value}.</source>
      <translation>La couverture doit être une part dans (0, 1], reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="116" />
      <source>{count} record(s) have no household id: fill them in, or leave the household field empty.</source>
      <translation>{count} enregistrement(s) n'ont pas d'identifiant de ménage : renseignez-les, ou laissez vide le champ ménage.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="145" />
      <source>{count} record(s) have a missing or non-numeric continuous key.</source>
      <translation>{count} enregistrement(s) ont une clé continue manquante ou non numérique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="215" />
      <source>The key variables have {cells:.0f} combinations, too many for the log-linear model: group categories or use fewer keys.</source>
      <translation>Les variables clés ont {cells:.0f} combinaisons, trop pour le modèle log-linéaire : regroupez des modalités ou utilisez moins de clés.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="220" />
      <source>The sampling fraction n / Σw is {value:.3f}: estimating population uniqueness needs weights above 1 (a sample, not a census).</source>
      <translation>Le taux de sondage n / Σw vaut {value:.3f} : estimer l'unicité dans la population exige des poids supérieurs à 1 (un échantillon, pas un recensement).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="259" />
      <source>Choose at least one key variable (the attributes an adversary knows).</source>
      <translation>Choisissez au moins une variable clé (les attributs que connaît un adversaire).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="262" />
      <source>The input has no records: there is nothing to assess.</source>
      <translation>L'entrée n'a aucun enregistrement : il n'y a rien à évaluer.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="33" />
      <source>{count} record(s) have no value in the key field '{field}'. Recode missing values as an explicit category (e.g. "unknown") in a copy, then run again.</source>
      <translation>{count} enregistrement(s) n'ont pas de valeur dans le champ clé « {field} ». Recodez les valeurs manquantes en modalité explicite (par ex. "inconnu") dans une copie, puis relancez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="367" />
      <source>The zones layer repeats the id(s) {ids}: every zone needs its own id.</source>
      <translation>La couche de zones répète le(s) identifiant(s) {ids} : chaque zone a besoin du sien.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="46" />
      <source>{count} record(s) have a sampling weight that is missing, zero or negative: every sampled record stands for at least itself.</source>
      <translation>{count} enregistrement(s) ont un poids de sondage manquant, nul ou négatif : chaque enregistrement échantillonné représente au moins lui-même.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/risk/measures.py" line="66" />
      <source>The population frequency must be a number at least as large as the sample frequency for every record.</source>
      <translation>La fréquence dans la population doit être un nombre au moins égal à la fréquence dans l'échantillon pour chaque enregistrement.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/donors.py" line="32" />
      <source>no household of its profile beyond the area's neighbourhood</source>
      <translation>aucun ménage de son profil au-delà du voisinage de la zone</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/donors.py" line="33" />
      <source>no household of its profile beyond the area's neighbourhood within the donor distance</source>
      <translation>aucun ménage de son profil au-delà du voisinage de la zone dans la distance du donneur</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/donors.py" line="35" />
      <source>every household of its profile beyond the area's neighbourhood within the donor distance was taken (swapped, or kept for want of a donor)</source>
      <translation>tous les ménages de son profil au-delà du voisinage de la zone dans la distance du donneur étaient pris (échangés, ou gardés faute de donneur)</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/households.py" line="127" />
      <source>{count} household(s) lie in no zone of '{level}': every household needs an area at every level. Extend the zones to cover them, or clip the persons first.</source>
      <translation>{count} ménage(s) ne sont dans aucune zone de '{level}' : chaque ménage doit avoir une zone à chaque niveau. Étendez les zones pour les couvrir, ou découpez d'abord les personnes.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/households.py" line="139" />
      <source>Give at least one level of the geographic hierarchy (a cell size or a zone layer).</source>
      <translation>Donnez au moins un niveau de la hiérarchie géographique (une taille de maille ou une couche de zones).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/households.py" line="48" />
      <source>The layer has no persons: there is nothing to swap.</source>
      <translation>La couche n'a aucune personne : il n'y a rien à échanger.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/households.py" line="51" />
      <source>{count} person(s) have no household id in the field '{field}': a person without a household cannot be swapped, and NULL ids would merge strangers into one household. Fill in their household ids (a person living alone is a household of one) and run again.</source>
      <translation>{count} personne(s) n'ont pas d'identifiant de ménage dans le champ '{field}' : une personne sans ménage ne peut être échangée, et des identifiants NULL réuniraient des inconnus en un ménage. Renseignez leurs identifiants de ménage (une personne seule est un ménage d'une personne) et relancez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/households.py" line="63" />
      <source>{count} household(s) have members at different locations (e.g. household {example} in the field '{field}'): a household moves whole, from one dwelling. Give each household's members the dwelling's point, or check the household id field.</source>
      <translation>{count} ménage(s) ont des membres en des lieux différents (par exemple le ménage {example} du champ '{field}') : un ménage se déplace entier, depuis un logement. Donnez aux membres de chaque ménage le point du logement, ou vérifiez le champ identifiant du ménage.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/households.py" line="78" />
      <source>The field '{field}' differs between members of {count} household(s): a similarity profile or a carried field describes the household, so all its members must hold the same value. Choose a household-level field.</source>
      <translation>Le champ '{field}' diffère entre les membres de {count} ménage(s) : un profil de similarité ou un champ qui suit le lieu décrit le ménage, tous ses membres doivent donc avoir la même valeur. Choisissez un champ au niveau du ménage.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/swapping.py" line="74" />
      <source>k must be a whole number of 1 or more (a household is high-risk when fewer than k people share a member's risk-field values in an area); got {k}.</source>
      <translation>k doit être un nombre entier d'au moins 1 (un ménage est à risque quand moins de k personnes partagent les valeurs des champs de risque d'un membre dans une zone) ; reçu {k}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/swapping.py" line="78" />
      <source>The swap rate is a share of households between 0 and 1 (0.05: 5 %); got {rate}.</source>
      <translation>Le taux d'échange est une part des ménages entre 0 et 1 (0,05 : 5 %) ; reçu {rate}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/swap/swapping.py" line="81" />
      <source>The largest donor distance must be a positive number of metres (or empty: anywhere); got {distance}.</source>
      <translation>La distance maximale du donneur doit être un nombre positif de mètres (ou vide : partout) ; reçu {distance}.</translation>
    </message>
  </context>
</TS>
